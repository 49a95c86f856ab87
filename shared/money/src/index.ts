// The money domain, for the API and the worker:
// - accept.ts: a payment recorded with its record and outbox row in one statement;
// - pricing.ts: prices and fees (browser-safe: the only file here that contracts re-export);
// - payment-status.ts: a ledger row as the API answers it, and the settled notification;
// - ledger.ts and charging.ts: the charge ledger's transitions and a charge attempt;
// - transaction-rows.ts and instalments.ts: the transactions rows a charge leads to;
// - provider-lookup.ts: finding a charge by its key, which keeps it exactly once (docs/decisions/010);
// - receipts.ts: a receipt's number and year, one rule for the e-mails, the manage page and statements;
// - plans.ts and refunds.ts: ending a plan (018) and giving money back (019), asked for by an admin or a donor.
// - places.ts: an event's places given back and left (022); accept.ts takes them.
// - event-cancellation.ts: a cancelled event's registrations given back their fees (050).
// - disputes.ts: disputes the provider reports, recorded against their charge (047).
// - deposit-totals.ts and settlements-sync.ts: the provider's deposits copied, and our totals beside its (048).
// - charge-state.ts: a charge's state at the provider on its row, and whether giving it back is a void (019).
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
export * from './plans';
export * from './receipts';
export * from './refunds';
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
