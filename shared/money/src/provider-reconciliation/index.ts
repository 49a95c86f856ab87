// The reconciliation with Pay Theory (docs/decisions/049-reconciliation.md): run.ts runs one
// window; compare.ts matches the provider's transactions and plans to the ledger, with the index
// of ledger rows (ledger-index.ts) and the refunds made outside the app (outside-refunds.ts).
export type { DisputeSeen, ReconcileProviderDeps } from './deps';
export { reconcileProvider } from './run';
