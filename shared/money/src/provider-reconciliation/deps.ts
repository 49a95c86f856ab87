import type { Database } from '@pillars/platform/db';
import type { QueueBackend } from '@pillars/platform/jobs';
import type { Logger } from '@pillars/platform/logger';
import { formatCents } from '@pillars/contracts';
import type { CardProvider } from '../provider';
import type { PaymentLedger } from '../ledger';
import type { ProviderLookup } from '../provider-lookup';
import type { InstalmentRecorder } from '../instalments';
import type { DifferenceInput } from '../reconciliation';
import type { RefundLedger } from '../refunds';

/** A dispute Pay Theory shows on a charge, for whoever records disputes against payments. */
export interface DisputeSeen {
  transactionId: string;
  paymentId: string | null;
  disputeStatus: string;
  amountCents: number;
}

export interface ReconcileProviderDeps {
  db: Database;
  backend: QueueBackend;
  provider: CardProvider;
  ledger: PaymentLedger;
  lookup: ProviderLookup;
  instalments: InstalmentRecorder;
  logger: Logger;
  visibilityWindowMs: number;
  /**
   * Records a dispute against its payment (docs/decisions/047-disputes.md); without it a dispute is
   * reported as a difference only.
   */
  recordDispute?: (dispute: DisputeSeen) => Promise<void>;
  /** Told of each difference a run recorded (the metrics' counter). */
  onDifference?: (kind: DifferenceInput['kind']) => void;
  now?: () => Date;
}

/** A run's dependencies, with its clock and the refund ledger its actions go through. */
export interface ReconcileContext extends ReconcileProviderDeps {
  now: () => Date;
  refundLedger: RefundLedger;
}

/** Statuses of a debit given back whole without a reversal transaction (a void). */
export const VOIDED: ReadonlySet<string> = new Set(['VOIDED', 'CANCELED']);
export const dollars = (cents: number) => `$${formatCents(cents)}`;
