import { describe, expect, it } from 'vitest';
import { PILLARS, pillarsInWords } from '@pillars/contracts';
import { eventSeed, newsSeed } from './content';

describe('the 7 Pillars of a Patriot', () => {
  it('are seven, each named once', () => {
    expect(PILLARS).toHaveLength(7);
    expect(new Set(PILLARS.map((pillar) => pillar.id)).size).toBe(7);
  });

  it('are the ones the demo guide explains, in its order', () => {
    const guide = newsSeed.find((article) => article.slug === 'what-the-seven-pillars-mean')?.content ?? '';
    const positions = PILLARS.map((pillar) => guide.indexOf(`${pillar.title} is the`));
    expect(positions.every((at) => at >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('are the ones the summit event names', () => {
    const summit = eventSeed.find((event) => event.slug === 'seven-pillars-leadership-summit');
    expect(summit?.description).toContain(`7 Pillars of a Patriot: ${pillarsInWords()}.`);
    expect(pillarsInWords()).toBe('faith, strength, knowledge, service, leadership, sacrifice and community');
  });
});
