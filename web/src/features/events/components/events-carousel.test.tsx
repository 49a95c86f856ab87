import type { EventListItem } from '@pillars/contracts';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderInSection } from '@/test/render-with-providers';
import { json, stubFetch } from '@/test/stub-fetch';
import { EVENTS_SECTION_ID, EventsCarousel } from './events-carousel';

/** The carousel in its home page section, whose coming into view loads the slides. */
function renderCarousel() {
  return renderInSection(EVENTS_SECTION_ID, <EventsCarousel />);
}

const events: EventListItem[] = [
  {
    id: '9c8b7a65-4d3e-4f21-8a0b-1c2d3e4f5a6b',
    slug: 'seven-pillars-leadership-summit',
    title: 'Seven Pillars Leadership Summit',
    // 22:00 UTC in March after the DST change is 6:00 PM EDT.
    startDate: '2026-03-14T22:00:00.000Z',
    location: 'Independence Hall, Philadelphia',
    description: 'A day of talks and workshops.',
    imageUrl: '/images/events/seven-pillars-leadership-summit.svg',
  },
  {
    id: '1e2d3c4b-5a69-4788-9a6b-5c4d3e2f1a0b',
    slug: 'flag-retirement-ceremony',
    title: 'Flag Retirement Ceremony',
    // 23:30 UTC in January is 6:30 PM EST.
    startDate: '2026-01-15T23:30:00Z',
    location: 'Veterans Memorial Park',
    description: null,
    imageUrl: null,
  },
];

/** A card's lines of text: date, place, places left, description. */
const lines = (card: HTMLElement) => Array.from(card.querySelectorAll('p'), (p) => p.textContent);
/** The date badge beside the title, month then day: the one hidden part of a card with text. */
const badge = (card: HTMLElement) =>
  Array.from(card.querySelectorAll('[aria-hidden="true"]'), (part) => part.textContent).find(Boolean);

// The slides load lazily (import()); loaded once here, as the browser's cache would have them, so a
// slow first transform of their modules does not count against the queries' wait.
beforeAll(() => import('./event-slides'));

describe('EventsCarousel', () => {
  it('renders Eastern Time with " ET", the date badge, links and optional parts', async () => {
    stubFetch({ '/api/events': json(events) });
    renderCarousel();

    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    const [summitCard, ceremonyCard] = cards as [HTMLElement, HTMLElement];
    const [summit, ceremony] = [within(summitCard), within(ceremonyCard)];

    expect(lines(summitCard)).toEqual([
      'March 14, 2026 · 6:00 PM ET',
      'Independence Hall, Philadelphia',
      'A day of talks and workshops.',
    ]);
    expect(badge(summitCard)).toBe('MAR14');
    expect(summit.getByRole('img').getAttribute('alt')).toBe('Seven Pillars Leadership Summit');
    expect(summit.getByRole('link', { name: 'Seven Pillars Leadership Summit' }).getAttribute('href')).toBe(
      '/events/seven-pillars-leadership-summit',
    );
    expect(summit.getByRole('link', { name: 'Register Now' }).getAttribute('href')).toBe(
      '/events/seven-pillars-leadership-summit',
    );

    expect(lines(ceremonyCard)[0]).toBe('January 15, 2026 · 6:30 PM ET');
    expect(badge(ceremonyCard)).toBe('JAN15');
    expect(ceremony.queryByRole('img')).toBeNull();
    expect(ceremony.getByRole('link', { name: 'Register Now' }).getAttribute('href')).toBe(
      '/events/flag-retirement-ceremony',
    );

    expect(screen.getAllByRole('button', { name: /^Go to slide/ })).toHaveLength(2);
  });

  it('says "Sold out" or how few places are left on a card, and nothing for plenty', async () => {
    const [summit, ceremony] = events as [EventListItem, EventListItem];
    stubFetch({
      '/api/events': json([
        { ...summit, placesLeft: 0 },
        { ...ceremony, placesLeft: 1 },
        { ...ceremony, id: '2e2d3c4b-5a69-4788-9a6b-5c4d3e2f1a0b', slug: 'other', title: 'Other', placesLeft: 300 },
      ]),
    });
    renderCarousel();
    const cards = await screen.findAllByRole('article');
    const notices = cards.map((card) => lines(card).filter((line) => /left|Sold out/.test(line ?? '')));
    expect(notices).toEqual([['Sold out'], ['Only 1 place left'], []]);
  });
});
