import type { Config } from '@pillars/platform/config';
import {
  type Database,
  type PaymentKind,
  eventRegistrations,
  events,
  manageLinkUrl,
  manageLinks,
  newManageLink,
  type outboundEmails,
  payments,
  transactions,
} from '@pillars/platform/db';
import type { MailAttachment } from '@pillars/platform/mail';
import { RECURRING_KINDS, chargeDisputedSql } from '@pillars/money';
import { and, eq, sql } from 'drizzle-orm';
import type { ReactElement } from 'react';
import type { Org } from './templates/layout';

/** What the e-mails need from the configuration: who sends, the site's address, the rules they state. */
export type EmailConfig = Pick<
  Config,
  | 'PUBLIC_URL'
  | 'ORG_NAME'
  | 'ORG_LEGAL_NAME'
  | 'ORG_EIN'
  | 'RECEIPT_GOODS_STATEMENT'
  | 'DUNNING_GRACE_DAYS'
  | 'MANAGE_LINK_TTL_HOURS'
  | 'CONTACT_EMAIL'
  | 'CONTACT_PHONE'
  | 'CONTACT_ADDRESS'
>;

/** A reset link works for one hour (docs/decisions/009). */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;

export type OutboundEmail = typeof outboundEmails.$inferSelect;

/** A message ready to render, or why none is sent (the subject is gone, the address unknown). */
export type Composed =
  { to: string; subject: string; body: ReactElement; attachments?: MailAttachment[] } | { skip: string };

export interface ComposeContext {
  db: Database;
  config: EmailConfig;
  org: Org;
  now: Date;
}

export type Composer = (ctx: ComposeContext, email: OutboundEmail) => Promise<Composed>;

/** The message an outbound row asks for: to its recipient, with its subject, body and any attachments. */
export function message(
  email: OutboundEmail,
  subject: string,
  body: ReactElement,
  attachments?: MailAttachment[],
): Composed {
  return attachments ? { to: email.recipient, subject, body, attachments } : { to: email.recipient, subject, body };
}

export function orgOf(config: EmailConfig): Org {
  return {
    name: config.ORG_NAME,
    legalName: config.ORG_LEGAL_NAME,
    ein: config.ORG_EIN,
    publicUrl: config.PUBLIC_URL,
    contactEmail: config.CONTACT_EMAIL,
    contactPhone: config.CONTACT_PHONE,
    contactAddress: config.CONTACT_ADDRESS,
  };
}

/**
 * A fresh "Manage your giving" link for the address, issued when the e-mail is composed
 * (docs/decisions/020): the token exists only in the message; a retry issues another, and an
 * unsent one is useless to anyone since only its hash is stored.
 */
export async function manageUrl(ctx: ComposeContext, recipient: string): Promise<string> {
  const { url, row } = newManageUrl(ctx, recipient);
  await ctx.db.insert(manageLinks).values(row);
  return url;
}

/** manageUrl's link not yet stored: its URL and the manage_links row a statement of the caller's stores. */
export function newManageUrl({ config, now }: Pick<ComposeContext, 'config' | 'now'>, recipient: string) {
  const expiresAt = new Date(now.getTime() + config.MANAGE_LINK_TTL_HOURS * 3_600_000);
  const { token, row } = newManageLink(recipient, expiresAt);
  return { url: manageLinkUrl(config.PUBLIC_URL, token), row };
}

/** A row's payment kind; rows written before payment_id name it only in their metadata's source. */
export function kindOf(payment: { kind: PaymentKind } | null, metadata: string | null): PaymentKind | null {
  if (payment) return payment.kind;
  let source: unknown;
  try {
    source = (JSON.parse(metadata ?? 'null') as { source?: unknown } | null)?.source;
  } catch {
    return null;
  }
  return source === 'contribution'
    ? 'donation'
    : source === 'membership'
      ? 'membership'
      : source === 'event'
        ? 'registration'
        : null;
}

export const isPlan = (kind: PaymentKind | null) =>
  kind !== null && (RECURRING_KINDS as readonly string[]).includes(kind);
export const planName = (kind: PaymentKind | null) => (kind === 'membership' ? 'membership' : 'monthly gift');

/** The registration an e-mail is about, with its event; undefined when either is gone. */
export async function registrationWithEvent(db: Database, registrationId: string | null) {
  if (!registrationId) return undefined;
  const [found] = await db
    .select({ registration: eventRegistrations, event: events })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(eq(eventRegistrations.id, registrationId))
    .limit(1);
  return found;
}

/** A transactions row with the payment it moved under (null for rows older than payment_id). */
export async function rowWithPayment(db: Database, rowId: string) {
  const [row] = await db
    .select({ row: transactions, payment: payments })
    .from(transactions)
    .leftJoin(payments, eq(payments.id, transactions.paymentId))
    .where(eq(transactions.id, rowId))
    .limit(1);
  return row;
}

/**
 * What a receipt says, in one statement: its transactions row, the payment it moved under, the
 * event of a registration, and whether the charge is disputed; the same statement stores the
 * receipt's manage link (`link`, see manageUrl), unless there is nothing to send (the row gone,
 * the charge disputed).
 */
export async function receiptRowOf(db: Database, rowId: string, link: typeof manageLinks.$inferInsert) {
  const linked = db.$with('linked', {}).as(
    sql`INSERT INTO ${manageLinks} (email, token_hash, expires_at)
      SELECT ${link.email}, ${link.tokenHash}, ${link.expiresAt.toISOString()}::timestamptz FROM ${transactions}
      WHERE ${transactions.id} = ${rowId} AND NOT ${chargeDisputedSql(transactions.providerTransactionId)}`,
  );
  const [row] = await db
    .with(linked)
    .select({
      row: transactions,
      payment: payments,
      eventTitle: events.title,
      disputed: chargeDisputedSql(transactions.providerTransactionId),
    })
    .from(transactions)
    .leftJoin(payments, eq(payments.id, transactions.paymentId))
    .leftJoin(eventRegistrations, and(eq(payments.kind, 'registration'), eq(eventRegistrations.id, payments.recordId)))
    .leftJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(eq(transactions.id, rowId))
    .limit(1);
  return row;
}
