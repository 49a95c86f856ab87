import { type SyncSettlementsDeps, type SyncSettlementsResult, syncSettlements } from '@pillars/money';

/**
 * sync-settlements (docs/decisions/048-deposits.md): one run of syncSettlements, scheduled hourly
 * and queued by an admin's refresh; one attempt, since the next run reads the same window again.
 */
export function syncSettlementsProcessor(deps: SyncSettlementsDeps) {
  return (): Promise<SyncSettlementsResult> => syncSettlements(deps);
}
