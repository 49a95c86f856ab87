// @vitest-environment node
// The server render runs in Node: no window, no document.
import { PublicConfig } from '@pillars/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type RenderResult, isServerRendered, render, setApiFetch } from './entry-server';

const article = {
  id: '03cc0dee-f653-446e-abbd-79278e1421bc',
  slug: 'service-day',
  title: 'A Saturday of Service',
  excerpt: 'Forty-two volunteers spent a Saturday painting.',
  imageUrl: '/images/news/service-day.svg',
  publishedAt: '2026-11-21T14:15:00.000Z',
};
const event = {
  id: 'f6166286-ce4d-4221-9cf9-6d6d47a819b9',
  slug: 'flag-retirement-ceremony',
  title: 'Community Flag Retirement Ceremony',
  startDate: '2026-12-06T15:00:00.000Z',
  location: 'Liberty Green Pavilion',
  description: 'Join us on the green.',
  imageUrl: '/images/events/flag-retirement-ceremony.svg',
  placesLeft: null,
};

function pathOf(input: RequestInfo | URL): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
}

/** The API as the server render calls it: JSON by path, 404 for anything else. */
const api = vi.fn((input: RequestInfo | URL) => {
  const path = pathOf(input);
  const replies: Record<string, unknown> = {
    '/api/news': [article],
    '/api/events': [event],
    '/api/news/service-day': { ...article, content: 'The residents had just as much to give back.' },
  };
  return Promise.resolve(
    path in replies
      ? Response.json(replies[path])
      : Response.json({ error: 'Not found', code: 'NOT_FOUND' }, { status: 404 }),
  );
});

const config = PublicConfig.parse({ orgName: 'Liberty League' });

async function page(path: string, search = ''): Promise<Extract<RenderResult, { kind: 'page' }>> {
  const result = await render({ path, search, config });
  if (result.kind !== 'page') throw new Error(`${path} redirected to ${result.location}`);
  return result;
}

describe('the server render of the public pages', () => {
  beforeEach(() => {
    api.mockClear();
    setApiFetch(api);
  });

  it('draws the home page with its news and events, and hands their data to the browser', async () => {
    const { status, html, state } = await page('/');
    expect(status).toBe(200);
    expect(html).toContain('A Saturday of Service');
    expect(html).toContain('Community Flag Retirement Ceremony');
    // The lazy forms are drawn too, never their loading placeholders, and no inline script.
    expect(html).toContain('name="email"');
    expect(html).not.toContain('<script');
    expect(api.mock.calls.map(([input]) => pathOf(input)).sort()).toEqual(['/api/events', '/api/news']);
    const keys = (state as { queries: { queries: { queryKey: unknown }[] } }).queries.queries.map((q) => q.queryKey);
    expect(keys).toEqual(expect.arrayContaining([['/api/news'], ['/api/events']]));
  });

  it('draws a lazily loaded page whole and names it for the browser to load before hydrating', async () => {
    const { html, state } = await page('/about');
    expect(html).toContain('About Liberty League');
    expect(html).not.toContain('Loading page');
    expect(state).toMatchObject({ pages: ['AboutPage'] });
  });

  it('draws an article from the API', async () => {
    const { status, html } = await page('/news/service-day');
    expect(status).toBe(200);
    expect(html).toContain('The residents had just as much to give back.');
  });

  it('answers 404 with the not-found page for an unknown path, article or event', async () => {
    expect(await page('/no/such/page')).toMatchObject({ status: 404 });
    expect((await page('/no/such/page')).html).toContain('404 Page Not Found');
    const missingArticle = await page('/news/no-such-article');
    expect(missingArticle.status).toBe(404);
    expect(missingArticle.html).toContain('Article Not Found');
    const missingEvent = await page('/events/no-such-event');
    expect(missingEvent.status).toBe(404);
    expect(missingEvent.html).toContain('Event Not Found');
    // The failed query travels as plain JSON, so hydration shows the same "not found".
    expect(JSON.stringify(missingEvent.state)).toContain('"status":404');
  });

  it('reads the query string, as the browser does', async () => {
    const { html } = await page('/success', 'type=contribution&amount=1776');
    expect(html).toContain('Contribution Amount: $1,776.00');
  });

  it('answers the /events shortcut with its redirect', async () => {
    expect(await render({ path: '/events', search: '', config })).toEqual({ kind: 'redirect', location: '/#events' });
  });

  it('leaves the back office, sign-in and personal pages to the browser', () => {
    for (const path of ['/admin', '/admin/news/new', '/login', '/reset-password', '/manage', '/events/x/payment/y']) {
      expect(isServerRendered(path), path).toBe(false);
    }
    for (const path of ['/', '/about', '/membership', '/news/x', '/events/x', '/success', '/nope']) {
      expect(isServerRendered(path), path).toBe(true);
    }
  });
});
