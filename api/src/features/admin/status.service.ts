import {
  type Database,
  type PaymentKind,
  type Tx,
  donations,
  eventRegistrations,
  memberships,
  payments,
} from '@pillars/platform/db';
import { and, eq, inArray, notExists } from 'drizzle-orm';
import { AppError, notFound } from '../../lib/errors';
import { type Actor, type AuditEntry, writeAudit } from '../../lib/audit';

export const statusMessages = {
  notPending: (status: string) => `Only pending items can be confirmed; this one is ${status}.`,
  paymentUnderway:
    'A card payment for this item is being processed or has succeeded; its status will update by itself.',
} as const;

type RecordTable = typeof donations | typeof memberships | typeof eventRegistrations;

interface Confirmable {
  table: RecordTable;
  /** The payment kinds that pay for a record of this table. */
  paymentKinds: PaymentKind[];
  action: AuditEntry['action'];
  entityType: AuditEntry['entityType'];
}

const DONATION: Confirmable = {
  table: donations,
  paymentKinds: ['donation', 'recurring_donation'],
  action: 'contribution.confirmed',
  entityType: 'donation',
};
const MEMBERSHIP: Confirmable = {
  table: memberships,
  paymentKinds: ['membership'],
  action: 'membership.confirmed',
  entityType: 'membership',
};
const REGISTRATION: Confirmable = {
  table: eventRegistrations,
  paymentKinds: ['registration'],
  action: 'registration.confirmed',
  entityType: 'event_registration',
};

/**
 * pending → confirmed in one conditional UPDATE, so a concurrent change (another admin, or the
 * worker settling a charge) cannot slip in between a check and the write. A record whose card
 * payment is queued, processing or succeeded is left to the worker: confirming it by hand would
 * race the worker's status or hide the provider's payment id. A confirmation adds no money to the
 * admin figures either way (docs/decisions/017).
 */
async function confirmIn(tx: Tx, kind: Confirmable, id: string) {
  const { table } = kind;
  const [row] = await tx
    .update(table)
    .set({ status: 'confirmed' })
    .where(
      and(
        eq(table.id, id),
        eq(table.status, 'pending'),
        notExists(
          tx
            .select({ id: payments.id })
            .from(payments)
            .where(
              and(
                inArray(payments.kind, kind.paymentKinds),
                eq(payments.recordId, table.id),
                inArray(payments.state, ['queued', 'processing', 'succeeded']),
              ),
            ),
        ),
      ),
    )
    .returning({ id: table.id });
  return row;
}

/** Why `id` could not be confirmed, or undefined when no record of this kind has that id. */
async function refusalOf(tx: Tx, kind: Confirmable, id: string): Promise<AppError | undefined> {
  const { table } = kind;
  const [current] = await tx.select({ status: table.status }).from(table).where(eq(table.id, id)).limit(1);
  if (!current) return undefined;
  if (current.status !== 'pending') return new AppError('CONFLICT', statusMessages.notPending(current.status));
  return new AppError('CONFLICT', statusMessages.paymentUnderway);
}

async function confirmOneOf(db: Database, actor: Actor, kinds: Confirmable[], id: string, what: string) {
  return db.transaction(async (tx) => {
    for (const kind of kinds) {
      if (await confirmIn(tx, kind, id)) {
        await writeAudit(tx, actor, {
          action: kind.action,
          entityType: kind.entityType,
          entityId: id,
          before: { status: 'pending' },
          after: { status: 'confirmed' },
        });
        return { id, entityType: kind.entityType };
      }
    }
    for (const kind of kinds) {
      const refusal = await refusalOf(tx, kind, id);
      if (refusal) throw refusal;
    }
    throw notFound(what);
  });
}

/** PUT /contributions/:id/status: the id is a donation's or a membership's. */
export const confirmContribution = (db: Database, actor: Actor, id: string) =>
  confirmOneOf(db, actor, [DONATION, MEMBERSHIP], id, 'Contribution');

/** PUT /registrations/:id/status. */
export const confirmRegistration = (db: Database, actor: Actor, id: string) =>
  confirmOneOf(db, actor, [REGISTRATION], id, 'Registration');
