import type { NewsArticle } from '@pillars/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { renderWithProviders } from '@/test/render-with-providers';
import { json, pending, stubFetch } from '@/test/stub-fetch';
import { NewsArticlePage } from './news-article-page';
import { expectH1, paragraphs as textParagraphs } from '@/test/screen-text';

const SLUG = 'memorial-day-tribute';
const PATH = `/api/news/${SLUG}`;

// 2,050 characters in all: a 3 minute read.
const paragraphs = ['a'.repeat(1000), 'b'.repeat(1000), 'Third paragraph.'];
const article: NewsArticle = {
  id: '3f1c9a52-8d4e-4b7a-9c2d-5e6f7a8b9c01',
  slug: SLUG,
  title: 'Memorial Day Tribute',
  excerpt: 'Members gathered to honor the fallen.',
  imageUrl: '/images/news/memorial-day-tribute.svg',
  // Local wall-clock time, so the date holds in any test time zone.
  publishedAt: new Date(2025, 0, 5, 15, 30).toISOString(),
  content: `  ${paragraphs[0]}\n\n${paragraphs[1]}\n   \n\n${paragraphs[2]}\n\n`,
};

function renderArticle(slug = SLUG) {
  return renderWithProviders(<Route path="/news/:slug" component={NewsArticlePage} />, { path: `/news/${slug}` });
}

describe('NewsArticlePage', () => {
  it('shows a skeleton with a status text while loading', () => {
    stubFetch({ [PATH]: pending });
    renderArticle();
    expect(screen.getByRole('status').textContent).toBe('Loading article…');
    expect(screen.getByTestId('article-skeleton').getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('renders the article: hero, body paragraphs, share buttons, calls to action and metadata', async () => {
    document.title = 'Site';
    const fetchMock = stubFetch({ [PATH]: json(article) });
    renderArticle();

    const title = await screen.findByRole('heading', { level: 1, name: 'Memorial Day Tribute' });
    expect(screen.getAllByRole('heading', { level: 1 })).toEqual([title]);
    expect(fetchMock).toHaveBeenCalledWith(PATH, expect.objectContaining({ credentials: 'include' }));

    expect(screen.getByText('January 5, 2025').getAttribute('datetime')).toBe(article.publishedAt);
    expect(textParagraphs().join(' ')).toContain('3 min read');

    const image = screen.getByRole('img', { name: 'Memorial Day Tribute' });
    expect(image.getAttribute('src')).toBe('/images/news/memorial-day-tribute.svg');
    expect(image.getAttribute('width')).toBe('1280');
    expect(image.getAttribute('height')).toBe('720');

    const body = screen.getByTestId('article-body');
    expect(Array.from(body.querySelectorAll('p'), (p) => p.textContent)).toEqual(paragraphs);

    const share = within(screen.getByRole('group', { name: 'Share this article' }));
    expect(share.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Share on LinkedIn',
      'Share on WhatsApp',
      'Share on Telegram',
    ]);

    expect(screen.getByRole('link', { name: 'Become a Member' }).getAttribute('href')).toBe('/#membership');
    expect(screen.getByRole('link', { name: 'Support Our Mission' }).getAttribute('href')).toBe('/#donate');
    expect(screen.getByRole('link', { name: 'Back to Latest News' }).getAttribute('href')).toBe('/#news');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toContain('Stand With Us');

    await waitFor(() => expect(document.title).toBe('Memorial Day Tribute | Patriot Pillars Foundation'));
    const meta = (key: string) => document.head.querySelector(`meta[property="${key}"]`)?.getAttribute('content');
    expect(meta('og:type')).toBe('article');
    expect(meta('og:description')).toBe('Members gathered to honor the fallen.');
    expect(meta('og:image')).toBe('http://localhost:5000/images/news/memorial-day-tribute.jpg');
  });

  it('shows at least one minute of reading for a short article', async () => {
    stubFetch({ [PATH]: json({ ...article, content: 'Short.' }) });
    renderArticle();
    await waitFor(() => expect(textParagraphs().join(' ')).toContain('1 min read'));
  });

  it("shows 'Article Not Found' with a way home when the API answers 404", async () => {
    stubFetch({ [PATH]: json({ error: 'Article not found', code: 'NOT_FOUND' }, 404) });
    renderArticle();
    await expectH1('Article Not Found');
    expect(textParagraphs()).toContain("The article you're looking for could not be found.");
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(document.title).toBe('Article Not Found | Patriot Pillars Foundation'));
  });

  it('treats a malformed slug as not found without calling the API', () => {
    const fetchMock = stubFetch({});
    renderArticle('Not_A_Slug');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Article Not Found');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a load error, not "not found", when the server fails, and can try again', async () => {
    let calls = 0;
    stubFetch({
      [PATH]: () => {
        calls += 1;
        return calls === 1
          ? Response.json({ error: 'boom', code: 'INTERNAL' }, { status: 500 })
          : Response.json(article);
      },
    });
    renderArticle();
    await expectH1('Unable to Load Article');
    expect(screen.getByRole('alert').textContent).toBe(
      'Failed to load this article. Please check your connection and try again.',
    );
    expect(screen.queryByText('Article Not Found')).toBeNull();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    await expectH1('Memorial Day Tribute');
  });

  it('treats a response that breaks the contract as a load error', async () => {
    stubFetch({ [PATH]: json({ title: 'no content' }) });
    renderArticle();
    await expectH1('Unable to Load Article');
  });

  it('opens the share page of a network in a new window', async () => {
    stubFetch({ [PATH]: json(article) });
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderArticle();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Share on LinkedIn' }));
    expect(open).toHaveBeenCalledWith(
      expect.stringContaining('https://www.linkedin.com/sharing/share-offsite/?url='),
      '_blank',
      expect.stringContaining('noopener'),
    );
    open.mockRestore();
  });

  it('moves to the current address when the API answered for a former one', async () => {
    // fetch follows the API's 301 from the old slug; the answer is the article under its new slug.
    stubFetch({ '/api/news/old-address': json(article), [PATH]: json(article) });
    const { location } = renderArticle('old-address');
    await waitFor(() => expect(location.history.at(-1)).toBe(`/news/${SLUG}`));
    await expectH1('Memorial Day Tribute');
  });

  it('describes the image with its alt text when it has one', async () => {
    stubFetch({ [PATH]: json({ ...article, imageAlt: 'Wreaths at the memorial' }) });
    renderArticle();
    expect((await screen.findByRole('img')).getAttribute('alt')).toBe('Wreaths at the memorial');
  });

  it('shows the placeholder picture for an article without an image', async () => {
    stubFetch({ [PATH]: json({ ...article, imageUrl: '' }) });
    renderArticle();
    const image = await screen.findByRole('img', { name: 'Memorial Day Tribute' });
    expect(image.getAttribute('src')).toBe('/images/placeholder.svg');
  });
});
