import { type Tx, writeAuditRow } from '@pillars/platform/db';
import type { ValidSession } from './session/sessions';

/** Who acted: the signed-in admin, with the username kept as a label in case the account goes. */
export type Actor = { userId: string; label: string };

export const actorOf = (session: ValidSession): Actor => ({ userId: session.user.id, label: session.user.username });

export type AuditAction =
  | 'contribution.confirmed'
  | 'membership.confirmed'
  | 'registration.confirmed'
  | 'registration.attended'
  | 'payment.refund-requested'
  | 'payment.plan-cancel-requested'
  | 'user.created'
  | 'user.deleted'
  | 'user.profile-updated'
  | 'media.uploaded'
  | 'news.created'
  | 'news.updated'
  | 'news.published'
  | 'news.unpublished'
  | 'news.deleted'
  | 'event.created'
  | 'event.updated'
  | 'event.cancelled'
  | 'event.deleted';

export interface AuditEntry {
  action: AuditAction;
  entityType:
    'donation' | 'membership' | 'event_registration' | 'user' | 'payment' | 'media' | 'news_article' | 'event';
  entityId: string;
  /** Only what changed or identifies the record; never a password hash or a reset token. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Written inside the transaction of the change, so there is no change without its row. */
export async function writeAudit(tx: Tx, actor: Actor, entry: AuditEntry): Promise<void> {
  await writeAuditRow(tx, actor, entry);
}
