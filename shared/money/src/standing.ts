/**
 * What a record (a gift, a membership, a registration) or one charge of it stands at, from the
 * ledger (docs/decisions/052-what-a-record-says.md): the money it took, what was given back, what
 * remains, and the one state a person reads. The one rule for every e-mail, page and export; the
 * facts come from the ledger (standing-ledger.ts reads them). Browser-safe (no database): the web
 * app imports it as `@pillars/money/rules`; the states' words are recordStateLabel in
 * @pillars/contracts.
 */

/**
 * The states the ledger can give a record, over its stored status:
 * - `disputed`: one of its charges has a dispute open at the card issuer;
 * - `refunded`: everything it took was given back, at least part of it by a refund;
 * - `voided`: everything it took was given back by voids (charges not settled yet, never taken);
 * - `partly_refunded`: part of what it took was given back (a refund or a partial void);
 * - `declined`: no money moved, and its newest attempt was declined by the card's issuer.
 */
export const LEDGER_STATES = ['disputed', 'refunded', 'voided', 'partly_refunded', 'declined'] as const;
export type LedgerState = (typeof LEDGER_STATES)[number];

/** What the ledger knows of a record or a charge: every amount in integer cents. */
export interface StandingFacts {
  /** The record's stored status (pending, completed, active, paid, confirmed, cancelled, failed, …). */
  status: string;
  /** The money its charges took (received charge and instalment rows). */
  chargedCents: number;
  /** What succeeded refunds and voids gave back of it. */
  refundedCents: number;
  /** The part of refundedCents that was voided rather than refunded. */
  voidedCents: number;
  /** A dispute of one of its charges is open (INQUIRY or PENDING at the provider). */
  disputeOpen: boolean;
  /** Its newest payment attempt failed by a decline (not for want of an answer from the provider). */
  declined: boolean;
}

/** A record's or a charge's standing: the three amounts and what a person is told it is. */
export interface Standing {
  originalCents: number;
  refundedCents: number;
  remainingCents: number;
  /** A LedgerState, or the stored status when the ledger has nothing to add. */
  state: string;
}

/** Stored statuses a decline is read over: the record was waiting for the money, or failed for it. */
const DECLINABLE = new Set(['pending', 'failed']);

/**
 * Whether the ledger can read a record of this stored status as declined (recordStanding): a record
 * of any other status, without money given back and without an open dispute, stands at its status.
 */
export const mayReadDeclined = (status: string): boolean => DECLINABLE.has(status);

/**
 * The standing, by precedence: an open dispute first (the money is contested whatever else
 * happened), then money given back (whole: voided when every cent was a void, else refunded;
 * part: partly refunded, a partial void included since the rest is still taken), then a declined
 * attempt of a record that never got its money, else the stored status (cancelled, completed, …).
 * A record whose charges were given back whole reads refunded even when its stored status says
 * cancelled: the stored status is its life-cycle (a registration given back stops holding a place),
 * the ledger is what happened to the money.
 */
export function recordStanding(facts: StandingFacts): Standing {
  const originalCents = Math.max(0, facts.chargedCents);
  const refundedCents = Math.min(Math.max(0, facts.refundedCents), originalCents);
  const voidedCents = Math.min(Math.max(0, facts.voidedCents), refundedCents);
  const remainingCents = originalCents - refundedCents;
  const state = ((): string => {
    if (facts.disputeOpen) return 'disputed';
    if (originalCents > 0 && refundedCents >= originalCents) {
      return voidedCents >= refundedCents ? 'voided' : 'refunded';
    }
    if (refundedCents > 0) return 'partly_refunded';
    if (facts.declined && originalCents === 0 && DECLINABLE.has(facts.status)) return 'declined';
    return facts.status;
  })();
  return { originalCents, refundedCents, remainingCents, state };
}
