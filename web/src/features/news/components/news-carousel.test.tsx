import type { NewsListItem } from '@pillars/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderInSection } from '@/test/render-with-providers';
import { json, stubFetch } from '@/test/stub-fetch';
import { NEWS_SECTION_ID, NewsCarousel } from './news-carousel';

/** The carousel in its home page section, whose coming into view loads the slides. */
function renderCarousel() {
  return renderInSection(NEWS_SECTION_ID, <NewsCarousel />);
}

/** The line over a card's title: its date and its time, each in its own part. */
const dateAndTime = (card: HTMLElement) =>
  Array.from(card.querySelector('p')?.children ?? [], (part) => part.textContent);

// Local wall-clock times, so the expected text holds in any test time zone.
const articles: NewsListItem[] = [
  {
    id: '3f1c9a52-8d4e-4b7a-9c2d-5e6f7a8b9c01',
    slug: 'memorial-day-tribute',
    title: 'Memorial Day Tribute',
    excerpt: 'Members gathered to honor the fallen.',
    imageUrl: '/images/news/memorial-day-tribute.svg',
    publishedAt: new Date(2025, 0, 5, 15, 30).toISOString(),
  },
  {
    id: '7a2d4c10-1b3e-4f5a-8c6d-0e1f2a3b4c5d',
    slug: 'youth-leadership-camp-recap',
    title: 'Youth Leadership Camp Recap',
    excerpt: 'Forty students spent a week learning to lead.',
    imageUrl: '/images/news/youth-leadership-camp-recap.svg',
    publishedAt: new Date(2024, 11, 20, 9, 5).toISOString(),
  },
];

// The slides load lazily (import()); loaded once here, as the browser's cache would have them, so a
// slow first transform of their modules does not count against the queries' wait.
beforeAll(() => import('./news-slides'));

describe('NewsCarousel', () => {
  it('treats a response that breaks the contract as an error', async () => {
    stubFetch({ '/api/news': json([{ title: 'no slug' }]) });
    renderCarousel();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to load news articles. Please try again later.',
    );
  });

  it('renders a card per article with date, 12-hour time, links and image', async () => {
    const fetchMock = stubFetch({ '/api/news': json(articles) });
    renderCarousel();

    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(fetchMock).toHaveBeenCalledWith('/api/news', expect.objectContaining({ credentials: 'include' }));

    const [firstCard, secondCard] = cards as [HTMLElement, HTMLElement];
    const [first, second] = [within(firstCard), within(secondCard)];
    expect(dateAndTime(firstCard)).toEqual(['January 5, 2025', '3:30 PM']);
    // The excerpt is clamped to three lines and never stretched (the real layout: web/e2e/a11y.e2e.test.ts).
    const excerpt = first.getByText('Members gathered to honor the fallen.');
    expect(excerpt.className).toContain('line-clamp-3');
    expect(excerpt.className).not.toContain('flex-1');
    expect(excerpt.parentElement?.className).toBe('flex-1');
    expect(first.getByRole('link', { name: 'Memorial Day Tribute' }).getAttribute('href')).toBe(
      '/news/memorial-day-tribute',
    );
    // The title completes the link's name for screen readers; the visible text stays 'Read More'.
    const readMore = first.getByRole('link', { name: /^Read More ?: Memorial Day Tribute$/ });
    expect(readMore.getAttribute('href')).toBe('/news/memorial-day-tribute');
    expect(readMore.querySelector('.sr-only')?.textContent).toBe(': Memorial Day Tribute');

    const image = first.getByRole('img', { name: 'Memorial Day Tribute' });
    expect(image.getAttribute('src')).toBe('/images/news/memorial-day-tribute.svg');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('width')).toBe('640');
    expect(image.getAttribute('height')).toBe('360');

    expect(dateAndTime(secondCard)).toEqual(['December 20, 2024', '9:05 AM']);
    expect(second.getByRole('link', { name: /^Read More ?: Youth Leadership Camp Recap$/ }).getAttribute('href')).toBe(
      '/news/youth-leadership-camp-recap',
    );
  });

  it('has labelled previous/next buttons and one dot per slide', async () => {
    stubFetch({ '/api/news': json(articles) });
    renderCarousel();
    const region = await screen.findByRole('region', { name: 'News articles' });

    const dots = within(region).getAllByRole('button', { name: /^Go to slide \d$/ });
    expect(dots.map((dot) => dot.getAttribute('aria-label'))).toEqual(['Go to slide 1', 'Go to slide 2']);
    expect(dots[0]?.getAttribute('aria-current')).toBe('true');
    expect(dots[1]?.getAttribute('aria-current')).toBeNull();

    const user = userEvent.setup();
    await user.click(within(region).getByRole('button', { name: 'Next slide' }));
    await user.click(within(region).getByRole('button', { name: 'Previous slide' }));
    await user.click(within(region).getByRole('button', { name: 'Go to slide 2' }));
  });
});
