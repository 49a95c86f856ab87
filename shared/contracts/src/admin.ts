import { z } from 'zod';
import { RegistrationStatusChange } from './admin-details';
import { AdminUser } from './auth';
import { IsoDateTime, TEXT_LIMITS, singleLineText } from './common';

// The admin's contracts, by resource; this file keeps the accounts and the audit log and
// re-exports the rest, so `./admin` names every admin contract as before.
export * from './admin-contributors';
export * from './admin-details';
export * from './admin-payments';

/** GET /api/admin/users: the admin accounts, oldest first. */
export const AdminUserList = z.array(AdminUser).meta({ id: 'AdminUserList' });

/** POST /api/admin/users → 201. */
export const AdminUserCreated = z
  .object({ success: z.literal(true), user: AdminUser })
  .meta({ id: 'AdminUserCreated' });

/** PUT /api/admin/profile → 200. */
export const ProfileUpdated = z
  .object({ success: z.literal(true), message: z.string(), user: AdminUser })
  .meta({ id: 'ProfileUpdated' });

/** PUT /api/admin/{contributions|registrations}/{id}/status → 200; a non-pending item is a 409. */
export const StatusChanged = z.object({
  success: z.literal(true),
  data: z.object({ id: z.string(), status: RegistrationStatusChange.shape.status }),
});

/** A cursor is an ISO date-time, '_' and a row id: far below this. */
const AUDIT_CURSOR_MAX = 100;

/** The most audit entries one GET /api/admin/audit-log answers. */
export const AUDIT_LOG_MAX_LIMIT = 100;

/**
 * Where the next page of the audit log starts: the last entry's `createdAt` and `id` joined by '_'
 * (entries are ordered newest first by both, so the cursor is stable while new rows arrive).
 */
export const AuditLogCursor = z
  .string()
  .max(AUDIT_CURSOR_MAX, 'Expected the nextCursor of a previous answer')
  .regex(/^[^_]+_\d+$/, 'Expected the nextCursor of a previous answer')
  .refine(
    (value) => !Number.isNaN(Date.parse(value.split('_')[0] ?? '')),
    'Expected the nextCursor of a previous answer',
  );

/** Actions are short dotted names such as 'contribution.confirmed'. */
const AUDIT_ACTION_MAX = 100;

/** GET /api/admin/audit-log query: every filter optional; `from`/`to` are ISO dates or date-times. */
export const AuditLogQuery = z.object({
  /** The actor's username (as recorded) or user id. */
  actor: singleLineText('Actor', TEXT_LIMITS.search, { trim: true }).min(1).optional(),
  /** Words to find in the action or the subject (entity type and id), each in any case and as any part of a word. */
  action: singleLineText('Action', AUDIT_ACTION_MAX, { trim: true }).min(1).optional(),
  /** Entries at or after this instant (a bare date is its start, UTC). */
  from: z.union([z.iso.date(), IsoDateTime]).optional(),
  /** Entries before the end of this date (a bare date includes the whole day, UTC), or before this instant. */
  to: z.union([z.iso.date(), IsoDateTime]).optional(),
  before: AuditLogCursor.optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_LOG_MAX_LIMIT).default(50),
});
export type AuditLogQuery = z.infer<typeof AuditLogQuery>;

export const AuditLogEntry = z.object({
  id: z.number().int(),
  /** The acting user's id; null when the account was deleted or a process acted (the worker). */
  actorUserId: z.string().nullable(),
  actorLabel: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: IsoDateTime,
});
export type AuditLogEntry = z.infer<typeof AuditLogEntry>;

/** GET /api/admin/audit-log → 200: newest first; nextCursor is null on the last page. */
export const AuditLogPage = z
  .object({ success: z.literal(true), data: z.array(AuditLogEntry), nextCursor: AuditLogCursor.nullable() })
  .meta({ id: 'AuditLogPage' });
export type AuditLogPage = z.infer<typeof AuditLogPage>;
