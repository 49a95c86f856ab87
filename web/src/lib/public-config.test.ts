import { PUBLIC_CONFIG_ELEMENT_ID } from '@pillars/contracts';
import { describe, expect, it } from 'vitest';
import { defaultPublicConfig, readPublicConfig } from './public-config';

function documentWith(content: string | null): Document {
  const doc = document.implementation.createHTMLDocument('test');
  if (content !== null) {
    const script = doc.createElement('script');
    script.id = PUBLIC_CONFIG_ELEMENT_ID;
    script.type = 'application/json';
    script.textContent = content;
    doc.head.append(script);
  }
  return doc;
}

describe('readPublicConfig', () => {
  it('reads the config rendered by the server', () => {
    const config = readPublicConfig(
      documentWith(JSON.stringify({ orgName: 'Liberty Trust', contactEmail: 'hi@liberty.test' })),
    );
    expect(config.orgName).toBe('Liberty Trust');
    expect(config.contactEmail).toBe('hi@liberty.test');
    expect(config.contactPhone).toBe(defaultPublicConfig.contactPhone);
  });

  it('falls back to the defaults when the element is missing', () => {
    expect(readPublicConfig(documentWith(null))).toEqual(defaultPublicConfig);
    expect(defaultPublicConfig.orgName).toBe('Patriot Pillars Foundation');
  });

  it('falls back to the defaults on the unreplaced placeholder or broken JSON', () => {
    expect(readPublicConfig(documentWith('<!--app-config-->'))).toEqual(defaultPublicConfig);
    expect(readPublicConfig(documentWith('{"orgName": 5}'))).toEqual(defaultPublicConfig);
  });
});
