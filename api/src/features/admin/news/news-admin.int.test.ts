import { ApiError, NewsArticle, NewsList } from '@pillars/contracts';
import { AdminNewsDetail, AdminNewsList, AdminNewsSaved, adminNewsMessages } from '@pillars/contracts/admin';
import { auditLog, newsArticles, slugRedirects } from '@pillars/platform/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminRequests, signedInAdmin, useAdminTestApp } from '../../../test/admin-app';
import { asAdmin } from '../../../test/admin-session';

let clock = new Date('2026-06-01T12:00:00Z');
const suite = await useAdminTestApp({ now: () => clock });
const { app, db } = suite;
const { admin, cookie } = await signedInAdmin(suite);
const { get, send } = adminRequests(suite, cookie, '/api/admin/news');

const draft = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  excerpt: `Summary of ${title}`,
  content: `First paragraph of ${title}.\n\nSecond paragraph.`,
  imageUrl: '/images/news/volunteers.svg',
  imageAlt: 'Volunteers painting a porch',
  status: 'draft',
  ...extra,
});
const published = (title: string, publishedAt = '2026-05-01T09:00:00Z', extra: Record<string, unknown> = {}) =>
  draft(title, { status: 'published', publishedAt, ...extra });

async function create(body: unknown) {
  const res = await send('POST', '', body);
  expect(res.status).toBe(201);
  return AdminNewsSaved.parse(await res.json()).data;
}
const auditRows = (id: string) =>
  db
    .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after, actor: auditLog.actorUserId })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'news_article'), eq(auditLog.entityId, id)))
    .orderBy(auditLog.id);
const publicSlugs = async () => NewsList.parse(await (await app.request('/api/news')).json()).map((n) => n.slug);

describe('who may write news', () => {
  it('answers 401 without a session, for reads and writes', async () => {
    expect((await app.request('/api/admin/news')).status).toBe(401);
    const res = await send('POST', '', draft('No session'), { 'content-type': 'application/json' });
    expect(res.status).toBe(401);
  });

  it('answers 403 to a cross-site write, and writes nothing', async () => {
    const res = await send('POST', '', draft('From elsewhere'), asAdmin(cookie, { 'sec-fetch-site': 'cross-site' }));
    expect(res.status).toBe(403);
    expect(await db.select().from(newsArticles).where(eq(newsArticles.title, 'From elsewhere'))).toHaveLength(0);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await get(`/${id}`)).status).toBe(404);
      expect((await send('PUT', `/${id}`, draft('Nobody'))).status).toBe(404);
      expect((await send('DELETE', `/${id}`)).status).toBe(404);
    }
  });
});

describe('validation', () => {
  it.each([
    ['a missing title', { title: '' }, adminNewsMessages.titleRequired],
    ['a long title', { title: 'x'.repeat(201) }, adminNewsMessages.titleTooLong],
    ['a long summary', { excerpt: 'x'.repeat(501) }, adminNewsMessages.excerptTooLong],
    ['an empty article', { content: '   ' }, adminNewsMessages.contentRequired],
    ['a malformed slug', { slug: 'Not A Slug' }, adminNewsMessages.slugInvalid],
    ['a long slug', { slug: 'a'.repeat(81) }, adminNewsMessages.slugTooLong],
    ['an image without alt text', { imageAlt: '' }, adminNewsMessages.imageAltRequired],
    ['a long alt text', { imageAlt: 'x'.repeat(301) }, adminNewsMessages.imageAltTooLong],
    ['an odd image address', { imageUrl: 'javascript:alert(1)' }, adminNewsMessages.imageUrlInvalid],
    ['published without a date', { status: 'published' }, adminNewsMessages.publishedAtRequired],
  ])('answers 400 naming %s', async (_, change, message) => {
    const res = await send('POST', '', draft('Invalid', change));
    expect(res.status).toBe(400);
    expect(ApiError.parse(await res.json()).error).toBe(message);
  });

  it('accepts an article without an image, and then needs no alt text', async () => {
    const { id } = await create(draft('No picture', { imageUrl: '', imageAlt: '' }));
    const detail = AdminNewsDetail.parse(await (await get(`/${id}`)).json()).data;
    expect(detail).toMatchObject({ imageUrl: '', imageAlt: null, status: 'draft' });
  });
});

describe('writing, publishing and reading articles', () => {
  it('derives a unique slug from the title, and refuses a taken one given explicitly', async () => {
    const first = await create(draft('Spring Food Drive!'));
    const second = await create(draft('Spring food drive'));
    expect([first.slug, second.slug]).toEqual(['spring-food-drive', 'spring-food-drive-2']);
    const res = await send('POST', '', draft('Another', { slug: 'spring-food-drive' }));
    expect(res.status).toBe(409);
    expect(ApiError.parse(await res.json()).error).toBe(adminNewsMessages.slugTaken);
  });

  it('keeps an edited article’s address when none is sent, and refuses another article’s', async () => {
    const { id, slug } = await create(draft('Harvest supper'));
    const other = await create(draft('Winter coats'));
    const renamed = await send('PUT', `/${id}`, draft('Harvest supper, renamed'));
    expect(AdminNewsSaved.parse(await renamed.json()).data.slug).toBe(slug);
    const taken = await send('PUT', `/${id}`, draft('Harvest supper', { slug: other.slug }));
    expect(taken.status).toBe(409);
    expect(ApiError.parse(await taken.json()).error).toBe(adminNewsMessages.slugTaken);
  });

  it('keeps a draft private until it is published, and audits both', async () => {
    const { id, slug } = await create(draft('Quiet draft'));
    expect(await publicSlugs()).not.toContain(slug);
    expect((await app.request(`/api/news/${slug}`)).status).toBe(404);
    const list = AdminNewsList.parse(await (await get('?status=draft&q=quiet')).json()).data;
    expect(list.map((a) => a.slug)).toEqual([slug]);

    expect((await send('PUT', `/${id}`, published('Quiet draft'))).status).toBe(200);
    expect(await publicSlugs()).toContain(slug);
    const article = NewsArticle.parse(await (await app.request(`/api/news/${slug}`)).json());
    expect(article).toMatchObject({ title: 'Quiet draft', imageAlt: 'Volunteers painting a porch' });
    const rows = await auditRows(id);
    expect(rows.map((r) => r.action)).toEqual(['news.created', 'news.published']);
    expect(rows[1]).toMatchObject({ actor: admin.id, before: { status: 'draft' }, after: { status: 'published' } });
  });

  it('takes a published article offline only when unpublished, and audits that as its own action', async () => {
    const { id, slug } = await create(published('Porch painting'));
    // Saving it as published (the editor's Save) keeps it on the public site.
    expect((await send('PUT', `/${id}`, published('Porch painting, edited'))).status).toBe(200);
    expect((await app.request(`/api/news/${slug}`)).status).toBe(200);
    expect((await send('PUT', `/${id}`, draft('Porch painting, edited'))).status).toBe(200);
    expect((await app.request(`/api/news/${slug}`)).status).toBe(404);
    expect(await publicSlugs()).not.toContain(slug);
    const rows = await auditRows(id);
    expect(rows.map((r) => r.action)).toEqual(['news.created', 'news.updated', 'news.unpublished']);
    expect(rows[2]).toMatchObject({ before: { status: 'published' }, after: { status: 'draft' } });
  });

  it('shows a scheduled article only once its date has come', async () => {
    const { slug } = await create(published('Next month', '2026-07-01T09:00:00Z'));
    expect(await publicSlugs()).not.toContain(slug);
    expect((await app.request(`/api/news/${slug}`)).status).toBe(404);
    clock = new Date('2026-07-01T09:00:01Z');
    try {
      expect(await publicSlugs()).toContain(slug);
      expect((await app.request(`/api/news/${slug}`)).status).toBe(200);
    } finally {
      clock = new Date('2026-06-01T12:00:00Z');
    }
  });

  it('keeps a published article’s old address answering with a redirect to the new one', async () => {
    const { id, slug } = await create(published('Creek cleanup'));
    const res = await send('PUT', `/${id}`, published('Creek cleanup', undefined, { slug: 'creek-cleanup-2026' }));
    expect(AdminNewsSaved.parse(await res.json()).data.slug).toBe('creek-cleanup-2026');
    const old = await app.request(`/api/news/${slug}`);
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('/api/news/creek-cleanup-2026');
    expect((await app.request('/api/news/creek-cleanup-2026')).status).toBe(200);
    // The old address stays the article's: another article cannot take it.
    expect((await send('POST', '', draft('Imposter', { slug }))).status).toBe(409);
    expect((await auditRows(id)).at(-1)).toMatchObject({
      action: 'news.updated',
      before: { slug },
      after: { slug: 'creek-cleanup-2026' },
    });
  });

  it('lists drafts and published articles newest first, searched by title and summary', async () => {
    await create(published('Alpha search target', '2026-01-01T00:00:00Z'));
    await create(draft('Beta', { excerpt: 'mentions the search target too', publishedAt: '2026-02-01T00:00:00Z' }));
    const list = AdminNewsList.parse(await (await get('?q=search%20target')).json()).data;
    expect(list.map((a) => a.title)).toEqual(['Beta', 'Alpha search target']);
    expect((await get('?status=archived')).status).toBe(400);
  });

  it('deletes an article with its former addresses, and audits it', async () => {
    const { id, slug } = await create(published('Short lived'));
    await send('PUT', `/${id}`, published('Short lived', undefined, { slug: 'short-lived-renamed' }));
    const res = await send('DELETE', `/${id}`);
    expect(res.status).toBe(200);
    expect((await get(`/${id}`)).status).toBe(404);
    expect((await app.request(`/api/news/${slug}`)).status).toBe(404);
    expect(await db.select().from(slugRedirects).where(eq(slugRedirects.targetId, id))).toHaveLength(0);
    expect((await auditRows(id)).map((r) => r.action)).toEqual(['news.created', 'news.updated', 'news.deleted']);
  });
});
