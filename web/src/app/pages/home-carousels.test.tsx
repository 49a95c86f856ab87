import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { EVENTS_SECTION_ID, EventsCarousel } from '@/features/events/components/events-carousel';
import { NEWS_SECTION_ID, NewsCarousel } from '@/features/news/components/news-carousel';
import { renderInSection } from '@/test/render-with-providers';
import { json, pending, stubFetch } from '@/test/stub-fetch';

// The slides load lazily (import()); loaded once here, as the browser's cache would have them, so a
// slow first transform of their modules does not count against the queries' wait.
beforeAll(() =>
  Promise.all([import('@/features/events/components/event-slides'), import('@/features/news/components/news-slides')]),
);

/** The home page's two carousels, each in its section, whose coming into view loads the slides. */
describe.each([
  {
    name: 'EventsCarousel',
    Carousel: EventsCarousel,
    sectionId: EVENTS_SECTION_ID,
    url: '/api/events',
    placeholders: 2,
    failure: () => new Response('', { status: 503, statusText: 'Service Unavailable' }),
    loadError: 'Failed to load events. Please try again later.',
    empty: 'No upcoming events right now. Check back soon.',
  },
  {
    name: 'NewsCarousel',
    Carousel: NewsCarousel,
    sectionId: NEWS_SECTION_ID,
    url: '/api/news',
    placeholders: 3,
    failure: json({ error: 'boom', code: 'INTERNAL' }, 500),
    loadError: 'Failed to load news articles. Please try again later.',
    empty: 'No news yet. Check back soon.',
  },
])('$name', ({ Carousel, sectionId, url, placeholders, failure, loadError, empty }) => {
  it(`shows ${placeholders} placeholder cards while loading`, () => {
    stubFetch({ [url]: pending });
    const { container } = renderInSection(sectionId, <Carousel />);
    expect(screen.getAllByTestId('card-placeholder')).toHaveLength(placeholders);
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
  });

  it('shows the error text when the request fails', async () => {
    stubFetch({ [url]: failure });
    renderInSection(sectionId, <Carousel />);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', loadError);
  });

  it('shows a friendly note when the list is empty', async () => {
    stubFetch({ [url]: json([]) });
    renderInSection(sectionId, <Carousel />);
    await waitFor(() => expect(document.getElementById(sectionId)?.textContent).toBe(empty));
  });
});
