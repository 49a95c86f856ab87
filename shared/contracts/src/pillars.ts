/**
 * The 7 Pillars of a Patriot, in their order: the one list the home page, the about page and the
 * demo content (shared/platform/src/db/seed) all name, so they cannot disagree again. The demo articles
 * tell stories of strength, knowledge, service, sacrifice and leadership, and its guide explains
 * each pillar in this order.
 */
export const PILLARS = [
  {
    id: 'faith',
    title: 'Faith',
    body: 'We draw strength and direction from faith, and we lead with humility, gratitude and hope.',
  },
  {
    id: 'strength',
    title: 'Strength',
    body: 'We care for body and mind, so that we are ready to stand up when we are needed.',
  },
  {
    id: 'knowledge',
    title: 'Knowledge',
    body: 'We study our history, our founding documents and the responsibilities of citizenship, because a free people must understand them.',
  },
  {
    id: 'service',
    title: 'Service',
    body: 'Patriotism is something we do. We give our time and talents to veterans, neighbors and people in need.',
  },
  {
    id: 'leadership',
    title: 'Leadership',
    body: 'We step forward, take responsibility and bring others with us, at the kitchen table and at work long before any public office.',
  },
  {
    id: 'sacrifice',
    title: 'Sacrifice',
    body: 'We honor those who gave their lives for our freedom, and we put the needs of others ahead of our own comfort.',
  },
  {
    id: 'community',
    title: 'Community',
    body: 'We build friendships across generations and backgrounds, and we show up for the places we call home.',
  },
] as const;

export type Pillar = (typeof PILLARS)[number];
export type PillarId = Pillar['id'];

/** 'faith, strength, …, sacrifice and community': the pillars named in a sentence. */
export function pillarsInWords(): string {
  const names = PILLARS.map((pillar) => pillar.title.toLowerCase());
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}
