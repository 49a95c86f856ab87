// The money domain: prices and fees (pricing.ts, browser-safe and also re-exported by contracts)
// and, for the API and the worker, the payment ledger and what it writes.
export * from './pricing';
export * from './payment-status';
export * from './accept';
