import { render } from '@react-email/render';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { ManageLinkEmail } from './manage-link';
import { TEST_ORG as org } from './test-org';

describe('a written-out link in an e-mail', () => {
  it('may break anywhere and is never wider than the message, so it wraps on a phone', async () => {
    const manageUrl = `https://pillars.example.org/manage?token=${'a1b2c3d4'.repeat(8)}`;
    const html = await render(createElement(ManageLinkEmail, { org, manageUrl, ttlHours: 72 }));
    const written = new RegExp(
      `<a href="${manageUrl.replace(/[.?]/g, '\\$&')}"[^>]*style="([^"]*)"[^>]*>${manageUrl.replace(/[.?]/g, '\\$&')}</a>`,
    );
    const style = written.exec(html)?.[1] ?? 'no written-out link';
    expect(style).toContain('word-break:break-all');
    expect(style).toContain('overflow-wrap:anywhere');
    expect(style).toContain('max-width:100%');
  });
});
