// The money domain, for the API and the worker. Its use cases are its public surface; the
// worker's processors only map a job to one of them and its result to the queue (FinalError,
// final-error.ts: never tried again):
// - accept.ts: a payment recorded with its record and outbox row in one statement;
// - attempt-charge.ts (over charging.ts): a charge attempt, and the look-ups of a plan's first instalment;
// - refund-attempts.ts: a refund attempt, exactly once without an idempotency key (019);
// - payment-sweep.ts: payments and refunds whose job was lost, settled or queued again (010);
// - provider-reconciliation/: the ledger compared with Pay Theory, window by window (049);
// - payment-status.ts: a payment's status as the API answers it (readStatus), and the settled notification;
// - cancel-recurring.ts, lapsed-plans.ts, recurring-poll.ts: a plan ended at the provider, plans
//   failing past the grace period asked to end (018), and instalments learnt by polling;
// - webhook-events.ts: a provider notification handled; follow-ups.ts: what follows a charge;
// - settlements-sync.ts and deposit-totals.ts: the provider's deposits copied, and our totals beside its (048);
// - places.ts: an event's places given back and left, and expired holds released (022);
// - ledger.ts (its SQL in ledger-statements.ts) and refunds.ts: the charge and refund ledgers' transitions;
// - pricing.ts: prices and fees (browser-safe, with standing.ts: the rules entry);
// - transaction-rows.ts and instalments.ts: the transactions rows a charge leads to;
// - provider-lookup.ts: finding a charge by its key, which keeps it exactly once (docs/decisions/010);
// - receipts.ts: a receipt's number and year, one rule for the e-mails, the manage page and statements;
// - plans.ts and refunds.ts: ending a plan (018) and giving money back (019), asked for by an admin or a donor;
// - event-cancellation.ts: a cancelled event's registrations given back their fees (050);
// - disputes.ts: disputes the provider reports, recorded against their charge (047);
// - charge-state.ts: a charge's state at the provider on its row, and whether giving it back is a void (019);
// - standing.ts and standing-ledger.ts: what a record or a charge stands at (original, refunded, remaining
//   and the state a person reads), from the ledger (050).
export * from './pricing';
export * from './payment-status';
export * from './accept';
export * from './ledger';
export * from './instalments';
export * from './provider-lookup';
export * from './transaction-rows';
export * from './charging';
export * from './attempt-charge';
export * from './plans';
export * from './receipts';
export * from './refunds';
export * from './refund-attempts';
export * from './final-error';
export * from './places';
export * from './event-cancellation';
export * from './disputes';
export * from './deposit-totals';
export * from './settlements-sync';
export * from './reconciliation';
export * from './charge-state';
export * from './standing';
export * from './standing-ledger';
export * from './metrics';
export * from './cancel-recurring';
export * from './follow-ups';
export * from './webhook-events';
export * from './payment-sweep';
export * from './lapsed-plans';
export * from './recurring-poll';
export * from './provider-reconciliation';
