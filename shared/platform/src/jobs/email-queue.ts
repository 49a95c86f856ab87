import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { type OutboundEmailKind, outboundEmails } from '../db/schema';
import { JOBS } from './definitions';
import { type OutboxRow, addToOutboxRows } from './outbox';

/** A transaction handle or the database itself. */
type Executor = Pick<Database, 'insert'>;

export interface EmailRequest {
  kind: OutboundEmailKind;
  /**
   * The row the e-mail is about (OUTBOUND_EMAIL_KINDS says which table); none for a link asked
   * for by address (a password reset, a manage link), where every request is an e-mail of its own.
   */
  subjectId?: string;
  recipient: string;
}

/**
 * Queues e-mails inside the caller's transaction: an outbound_emails row and its send-email outbox
 * row each. Sent once: an e-mail of the same kind about the same row already queued (a retried
 * job, a redelivered webhook) is not queued again; one about no row is always queued. Returns the outbox rows to publish now.
 */
export async function queueEmails(tx: Executor, emails: EmailRequest[]): Promise<OutboxRow[]> {
  if (emails.length === 0) return [];
  const queued = await tx
    .insert(outboundEmails)
    .values(emails.map(({ kind, subjectId, recipient }) => ({ kind, subjectId, recipient: recipient.toLowerCase() })))
    .onConflictDoNothing({
      target: [outboundEmails.kind, outboundEmails.subjectId],
      where: sql`${outboundEmails.subjectId} IS NOT NULL`,
    })
    .returning({ id: outboundEmails.id });
  return addToOutboxRows(
    tx,
    queued.map((row) => ({ job: JOBS.sendEmail, emailId: row.id })),
  );
}
