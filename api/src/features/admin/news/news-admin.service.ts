import {
  type AdminNewsArticle,
  type AdminNewsInputParsed,
  type AdminNewsListItem,
  type AdminNewsQuery,
  adminNewsMessages,
} from '@pillars/contracts/admin';
import { type Database, type Tx, availableSlug, keepOldSlug, newsArticles, slugRedirects } from '@pillars/platform/db';
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { AppError, notFound } from '../../../lib/errors';
import { type Actor, type AuditAction, writeAudit } from '../../../lib/audit';

const listColumns = {
  id: newsArticles.id,
  slug: newsArticles.slug,
  title: newsArticles.title,
  excerpt: newsArticles.excerpt,
  status: newsArticles.status,
  publishedAt: newsArticles.publishedAt,
  updatedAt: newsArticles.updatedAt,
};
const articleColumns = {
  ...listColumns,
  content: newsArticles.content,
  imageUrl: newsArticles.imageUrl,
  imageAlt: newsArticles.imageAlt,
};

type ListRow = { [K in keyof typeof listColumns]: (typeof listColumns)[K]['_']['data'] };
const listItemOf = (row: ListRow): AdminNewsListItem => ({
  ...row,
  publishedAt: row.publishedAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** PostgreSQL's unique_violation, however deep drizzle wrapped it. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Every article, drafts included, newest first; `q` searches title and summary. */
export async function listArticles(db: Database, query: AdminNewsQuery): Promise<AdminNewsListItem[]> {
  const pattern = query.q ? `%${query.q.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  const rows = await db
    .select(listColumns)
    .from(newsArticles)
    .where(
      and(
        pattern ? or(ilike(newsArticles.title, pattern), ilike(newsArticles.excerpt, pattern)) : undefined,
        query.status ? eq(newsArticles.status, query.status) : undefined,
      ),
    )
    .orderBy(desc(newsArticles.publishedAt), desc(newsArticles.id));
  return rows.map(listItemOf);
}

export async function getArticle(db: Database, id: string): Promise<AdminNewsArticle> {
  const [row] = await db.select(articleColumns).from(newsArticles).where(eq(newsArticles.id, id)).limit(1);
  if (!row) throw notFound('Article');
  return { ...listItemOf(row), content: row.content, imageUrl: row.imageUrl, imageAlt: row.imageAlt };
}

/**
 * The slug an article gets: an explicit one must be free (another article's current or former
 * address is a 409, never silently changed); without one, a new article's is derived from its
 * title and made unique, and an edited article keeps its own.
 */
async function slugFor(tx: Tx, input: AdminNewsInputParsed, current?: { id: string; slug: string }): Promise<string> {
  if (input.slug) {
    if (input.slug === current?.slug) return input.slug;
    const free = await availableSlug(tx, 'news', input.slug, current?.id);
    if (free !== input.slug) throw new AppError('CONFLICT', adminNewsMessages.slugTaken);
    return input.slug;
  }
  return current?.slug ?? availableSlug(tx, 'news', input.title);
}

/** The stored columns of an input; a draft without a date keeps the time it was saved. */
const valuesOf = (input: AdminNewsInputParsed, slug: string) => ({
  title: input.title,
  slug,
  excerpt: input.excerpt,
  content: input.content,
  imageUrl: input.imageUrl,
  imageAlt: input.imageUrl ? input.imageAlt : null,
  status: input.status,
  publishedAt: input.publishedAt ? new Date(input.publishedAt) : new Date(),
});

/** The audit action of a save: one that changes whether the article is public says so. */
function newsAction(before: string, after: string): AuditAction {
  if (before === after) return 'news.updated';
  return after === 'published' ? 'news.published' : 'news.unpublished';
}

/** What the audit row keeps of an article: what identifies it and its state, never its text. */
const auditedOf = (row: { title: string; slug: string; status: string; publishedAt: Date }) => ({
  title: row.title,
  slug: row.slug,
  status: row.status,
  publishedAt: row.publishedAt.toISOString(),
});

async function inTransaction<T>(db: Database, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    // Two saves taking the same address at once: the unique index decides, the loser gets a 409.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', adminNewsMessages.slugTaken, { cause: error });
    throw error;
  }
}

export function createArticle(db: Database, actor: Actor, input: AdminNewsInputParsed) {
  return inTransaction(db, async (tx) => {
    const values = valuesOf(input, await slugFor(tx, input));
    const [row] = await tx
      .insert(newsArticles)
      .values(values)
      .returning({ id: newsArticles.id, slug: newsArticles.slug });
    if (!row) throw new Error('insert returned no row');
    await writeAudit(tx, actor, {
      action: 'news.created',
      entityType: 'news_article',
      entityId: row.id,
      after: auditedOf(values),
    });
    return row;
  });
}

/**
 * Replaces an article. A published article's former slug keeps answering with a redirect to the
 * new one (links to it are out in the world); a draft's never was public, so it is simply freed.
 */
export function updateArticle(db: Database, actor: Actor, id: string, input: AdminNewsInputParsed) {
  return inTransaction(db, async (tx) => {
    const [before] = await tx
      .select({
        id: newsArticles.id,
        title: newsArticles.title,
        slug: newsArticles.slug,
        status: newsArticles.status,
        publishedAt: newsArticles.publishedAt,
      })
      .from(newsArticles)
      .where(eq(newsArticles.id, id))
      .for('update');
    if (!before) throw notFound('Article');
    const values = valuesOf(input, await slugFor(tx, input, before));
    if (!input.publishedAt) values.publishedAt = before.publishedAt;
    await tx
      .update(newsArticles)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(newsArticles.id, id));
    if (before.status === 'published' && before.slug !== values.slug) {
      await keepOldSlug(tx, 'news', before.slug, id, values.slug);
    }
    await writeAudit(tx, actor, {
      action: newsAction(before.status, values.status),
      entityType: 'news_article',
      entityId: id,
      before: auditedOf(before),
      after: auditedOf(values),
    });
    return { id, slug: values.slug };
  });
}

/** Deletes an article and the redirects of its former addresses. */
export function deleteArticle(db: Database, actor: Actor, id: string) {
  return inTransaction(db, async (tx) => {
    const [row] = await tx.delete(newsArticles).where(eq(newsArticles.id, id)).returning({
      title: newsArticles.title,
      slug: newsArticles.slug,
      status: newsArticles.status,
      publishedAt: newsArticles.publishedAt,
    });
    if (!row) throw notFound('Article');
    await tx.delete(slugRedirects).where(and(eq(slugRedirects.kind, 'news'), eq(slugRedirects.targetId, id)));
    await writeAudit(tx, actor, {
      action: 'news.deleted',
      entityType: 'news_article',
      entityId: id,
      before: auditedOf(row),
    });
  });
}
