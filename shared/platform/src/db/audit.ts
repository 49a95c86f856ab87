import type { Database } from './client';
import { auditLog } from './schema';

/**
 * Who acted: an admin (their user id, with the username kept as a label in case the account
 * goes), or a process or person without an account (no user id: `donor`, `system`, `worker`).
 */
export interface AuditActor {
  userId: string | null;
  label: string;
}

/** One audit_log row: what happened to which record, and only what changed or identifies it. */
export interface AuditRow {
  action: string;
  entityType: string;
  entityId: string;
  /** Never a password hash, a token or card data. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * The one writer of audit_log rows, for the API's admin actions and the worker's alike. Called
 * inside the transaction of the change, so there is no change without its row.
 */
export async function writeAuditRow(tx: Pick<Database, 'insert'>, actor: AuditActor, row: AuditRow): Promise<void> {
  await tx.insert(auditLog).values({
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    before: row.before ?? null,
    after: row.after ?? null,
  });
}
