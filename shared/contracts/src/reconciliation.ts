import { z } from 'zod';
import { IsoDateTime, successData } from './common';

/**
 * What a reconciliation run found where Pay Theory and the ledger disagree; each kind is handled as
 * docs/decisions/049-reconciliation.md says:
 * - adopted: a charge of a known payment the ledger did not hold (or held as failed), settled now;
 * - adoption_reversed: such a charge that could not be kept (the record was paid by another
 *   payment, or the event's places ran out), given back;
 * - duplicate_reversed: a second charge or plan for one payment, given back;
 * - instalment_recorded: an instalment of a known plan the ledger had not recorded, recorded now;
 * - refund_outside: a refund or void made outside the app (Pay Theory's portal), recorded now;
 * - unmatched: a charge or plan that matches no payment: reported only;
 * - amount_mismatch, status_mismatch: the ledger and Pay Theory disagree on a known charge: reported;
 * - missing_at_provider: a charge the ledger holds as taken that Pay Theory does not show: reported;
 * - dispute: a charge Pay Theory shows disputed.
 */
export const RECONCILIATION_DIFFERENCE_KINDS = [
  'adopted',
  'adoption_reversed',
  'duplicate_reversed',
  'instalment_recorded',
  'refund_outside',
  'unmatched',
  'amount_mismatch',
  'status_mismatch',
  'missing_at_provider',
  'dispute',
] as const;
export const ReconciliationDifferenceKind = z.enum(RECONCILIATION_DIFFERENCE_KINDS);
export type ReconciliationDifferenceKind = z.infer<typeof ReconciliationDifferenceKind>;

export const RECONCILIATION_RUN_STATES = ['queued', 'running', 'succeeded', 'failed'] as const;

/** One difference of a run, with the payment it belongs to (null: it matches none). */
export const ReconciliationDifference = z
  .object({
    kind: ReconciliationDifferenceKind,
    providerTransactionId: z.string().nullable(),
    paymentId: z.uuid().nullable(),
    /** The payment's donation, membership or registration: what the admin's payment details open by. */
    recordId: z.uuid().nullable(),
    /** Its name, for the link's accessible name. */
    recordName: z.string().nullable(),
    amountCents: z.number().int().nullable(),
    detail: z.string(),
  })
  .meta({ id: 'ReconciliationDifference' });
export type ReconciliationDifference = z.infer<typeof ReconciliationDifference>;

/** A run: its window, when it ran, what agreed and the differences by kind, each difference listed. */
export const ReconciliationRun = z
  .object({
    id: z.uuid(),
    state: z.enum(RECONCILIATION_RUN_STATES),
    requestedBy: z.string(),
    windowFrom: IsoDateTime.nullable(),
    windowTo: IsoDateTime.nullable(),
    startedAt: IsoDateTime.nullable(),
    finishedAt: IsoDateTime.nullable(),
    matched: z.number().int(),
    counts: z.partialRecord(ReconciliationDifferenceKind, z.number().int()),
    error: z.string().nullable(),
    differences: z.array(ReconciliationDifference),
  })
  .meta({ id: 'ReconciliationRun' });
export type ReconciliationRun = z.infer<typeof ReconciliationRun>;

/** GET /api/admin/reconciliation/runs/latest: the newest run (null before the first). */
export const ReconciliationReport = successData('ReconciliationReport', ReconciliationRun.nullable());
export type ReconciliationReport = z.infer<typeof ReconciliationReport>;

/** GET /api/admin/reconciliation/runs: the newest runs, newest first. */
export const ReconciliationRuns = successData('ReconciliationRuns', z.array(ReconciliationRun));
export type ReconciliationRuns = z.infer<typeof ReconciliationRuns>;

/** POST /api/admin/reconciliation/runs → 202: the run, queued. */
export const ReconciliationStarted = successData('ReconciliationStarted', z.object({ runId: z.uuid() }));
export type ReconciliationStarted = z.infer<typeof ReconciliationStarted>;

/** What the admin is told when a run is asked for while another is under way (409). */
export const RECONCILIATION_BUSY = 'A reconciliation run is already under way; its report appears here when it ends.';
