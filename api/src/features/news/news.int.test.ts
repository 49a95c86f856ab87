import { ApiError, NewsArticle, NewsList } from '@pillars/contracts';
import { newsArticles } from '@pillars/platform/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@pillars/testing/test-database';
import { testApp, useAppInfra } from '../../test/test-app';

const database = await useTestDatabase();
const infra = await useAppInfra(database);
const app = testApp(database, infra);

const article = (slug: string, publishedAt: string) => ({
  slug,
  title: `Title of ${slug}`,
  excerpt: `Excerpt of ${slug}`,
  content: `First paragraph of ${slug}.\n\nSecond paragraph.`,
  imageUrl: `/images/news/${slug}.svg`,
  publishedAt: new Date(publishedAt),
});

beforeAll(async () => {
  await database.db
    .insert(newsArticles)
    .values([
      article('older', '2025-01-05T15:30:00Z'),
      article('newest', '2025-03-01T09:00:00Z'),
      article('middle', '2025-02-10T12:00:00Z'),
    ]);
});

describe('GET /api/news', () => {
  it('lists articles newest first, as list items without the content', async () => {
    const res = await app.request('/api/news');
    expect(res.status).toBe(200);
    const body: unknown = await res.json();
    const list = NewsList.parse(body);
    expect(list.map((n) => n.slug)).toEqual(['newest', 'middle', 'older']);
    expect(list[2]).toMatchObject({ publishedAt: '2025-01-05T15:30:00.000Z', imageUrl: '/images/news/older.svg' });
    expect((body as Record<string, unknown>[])[0]).not.toHaveProperty('content');
  });
});

describe('GET /api/news/:slug', () => {
  it('returns the article with its content', async () => {
    const res = await app.request('/api/news/middle');
    expect(res.status).toBe(200);
    const body = NewsArticle.parse(await res.json());
    expect(body).toMatchObject({ slug: 'middle', title: 'Title of middle' });
    expect(body.content.split('\n\n')).toHaveLength(2);
  });

  it.each([
    ['a slug that does not exist', '/api/news/no-such-article'],
    ['a slug that cannot exist', '/api/news/Not%20A%20Slug!'],
    ['a path below an article', '/api/news/middle/comments'],
  ])('answers 404 with a JSON error for %s', async (_, path) => {
    const res = await app.request(path);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(ApiError.parse(await res.json()).code).toBe('NOT_FOUND');
  });
});
