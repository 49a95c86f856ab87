import type { AuditLogEntry, AuditLogPage, AuditLogQuery, PaymentOfRecord } from '@pillars/contracts/admin';
import { type Database, auditLog, payments } from '@pillars/platform/db';
import { type SQL, and, desc, eq, gte, lt, or, sql } from 'drizzle-orm';
import { containsPattern } from './contributor-search';

const DAY_MS = 24 * 60 * 60 * 1000;
const isBareDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** A bare date ends at the next day's start (UTC), so `to=2026-01-31` includes all of that day. */
function endOf(value: string): Date {
  const at = new Date(value);
  return isBareDate(value) ? new Date(at.getTime() + DAY_MS) : at;
}

const cursorOf = (entry: { createdAt: Date; id: number }) => `${entry.createdAt.toISOString()}_${entry.id}`;

function parseCursor(cursor: string): { at: Date; id: number } {
  const [at = '', id = ''] = cursor.split('_');
  return { at: new Date(at), id: Number(id) };
}

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/**
 * created_at to the millisecond: the cursor carries a JavaScript Date, which has no microseconds, so
 * ordering and paging both use the truncated value or a page boundary inside a millisecond would skip rows.
 */
const atMs = sql`date_trunc('milliseconds', ${auditLog.createdAt})`;

/**
 * The "What" filter: every word typed (split on spaces) must appear, in any case and as any part
 * of a word, in the action or the subject (the entity's type and id): "refund" finds
 * payment.refunded, "donation confirmed" finds contribution.confirmed of a donation.
 */
function matchingWords(text: string): SQL[] {
  const searched = sql`concat_ws(' ', ${auditLog.action}, ${auditLog.entityType}, ${auditLog.entityId})`;
  return text
    .split(/\s+/)
    .filter((word) => word !== '')
    .map((word) => sql`${searched} ILIKE ${containsPattern(word)}`);
}

/** The audit log, newest first, filtered and paged by a (created_at, id) keyset cursor. */
export async function listAuditLog(db: Database, query: AuditLogQuery): Promise<AuditLogPage> {
  const where: (SQL | undefined)[] = [];
  if (query.actor) {
    where.push(or(eq(auditLog.actorLabel, query.actor), sql`${auditLog.actorUserId}::text = ${query.actor}`));
  }
  if (query.action) where.push(...matchingWords(query.action));
  if (query.from) where.push(gte(auditLog.createdAt, new Date(query.from)));
  if (query.to) where.push(lt(auditLog.createdAt, endOf(query.to)));
  if (query.before) {
    const { at, id } = parseCursor(query.before);
    where.push(sql`(${atMs}, ${auditLog.id}) < (${at.toISOString()}::timestamptz, ${id})`);
  }
  // One row past the page tells whether there is a next one.
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(atMs), desc(auditLog.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    success: true,
    data: page.map((row): AuditLogEntry => ({
      id: row.id,
      actorUserId: row.actorUserId,
      actorLabel: row.actorLabel,
      action: row.action,
      entityType: row.entityType,
      entityId: row.entityId,
      before: asRecord(row.before),
      after: asRecord(row.after),
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor: rows.length > query.limit && last ? cursorOf(last) : null,
  };
}

/** The payments of one record (a donation, membership or registration), newest first. */
export async function paymentsOfRecord(db: Database, recordId: string): Promise<PaymentOfRecord[]> {
  const rows = await db
    .select({
      id: payments.id,
      kind: payments.kind,
      state: payments.state,
      amountCents: payments.amountCents,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(eq(payments.recordId, recordId))
    .orderBy(desc(payments.createdAt), desc(payments.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
