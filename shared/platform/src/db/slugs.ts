import { and, eq, like, ne, or, sql } from 'drizzle-orm';
import { slugify } from '@pillars/contracts';
import type { Database, Tx } from './client';
import { type SlugKind, events, newsArticles, slugRedirects } from './schema';

type Executor = Database | Tx;

const TABLES = { news: newsArticles, event: events } as const;

/**
 * The first free slug for `wanted` (or the title's): `wanted`, then `wanted-2`, `wanted-3`, …
 * A slug is free when no other row of the kind has it and no redirect of the kind keeps it for a
 * former address of another row. Call it in the transaction that writes the row; the unique
 * index on slug still decides a race, which the caller answers as a conflict.
 */
export async function availableSlug(tx: Executor, kind: SlugKind, wanted: string, exceptId?: string): Promise<string> {
  const base = slugify(wanted);
  const table = TABLES[kind];
  const pattern = `${base.replace(/[\\%_]/g, '\\$&')}-%`;
  const taken = new Set(
    (
      await tx
        .select({ slug: table.slug })
        .from(table)
        .where(and(or(eq(table.slug, base), like(table.slug, pattern)), exceptId ? ne(table.id, exceptId) : undefined))
    ).map((row) => row.slug),
  );
  for (const row of await tx
    .select({ slug: slugRedirects.oldSlug })
    .from(slugRedirects)
    .where(
      and(
        eq(slugRedirects.kind, kind),
        or(eq(slugRedirects.oldSlug, base), like(slugRedirects.oldSlug, pattern)),
        exceptId ? ne(slugRedirects.targetId, exceptId) : undefined,
      ),
    )) {
    taken.add(row.slug);
  }
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * A published row's slug changed: its old address keeps answering, redirected to the new one.
 * A redirect the row had back to the slug it now takes again is dropped (no loop).
 */
export async function keepOldSlug(tx: Executor, kind: SlugKind, oldSlug: string, targetId: string, newSlug: string) {
  await tx
    .delete(slugRedirects)
    .where(and(eq(slugRedirects.kind, kind), eq(slugRedirects.oldSlug, newSlug), eq(slugRedirects.targetId, targetId)));
  await tx
    .insert(slugRedirects)
    .values({ kind, oldSlug, targetId })
    .onConflictDoUpdate({
      target: [slugRedirects.kind, slugRedirects.oldSlug],
      set: { targetId, createdAt: sql`now()` },
    });
}

/** The current slug a former address of the kind redirects to, if any. */
export async function redirectedSlug(db: Executor, kind: SlugKind, slug: string): Promise<string | null> {
  const table = TABLES[kind];
  const [row] = await db
    .select({ slug: table.slug })
    .from(slugRedirects)
    .innerJoin(table, eq(table.id, slugRedirects.targetId))
    .where(and(eq(slugRedirects.kind, kind), eq(slugRedirects.oldSlug, slug)))
    .limit(1);
  return row?.slug ?? null;
}
