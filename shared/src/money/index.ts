// The money domain, for the API and the worker: prices and fees (pricing.ts, browser-safe and the
// only file here that contracts re-export), the payment ledger and its transitions (ledger.ts), the
// transactions rows it leads to (transaction-rows.ts, instalments.ts) and the provider lookup that
// keeps a charge exactly once (provider-lookup.ts, docs/decisions/010).
export * from './pricing';
export * from './payment-status';
export * from './ledger';
export * from './instalments';
export * from './provider-lookup';
export * from './transaction-rows';
export * from './charging';
