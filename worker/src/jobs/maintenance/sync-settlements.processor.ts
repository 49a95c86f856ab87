import type { Database } from '@pillars/platform/db';
import type { Logger } from '@pillars/platform/logger';
import { type SyncSettlementsResult, syncSettlements } from '@pillars/money';
import type { CardProvider } from '@pillars/money/provider';

export interface SyncSettlementsDeps {
  db: Database;
  provider: CardProvider;
  logger: Logger;
  now?: () => Date;
}

/**
 * sync-settlements (docs/decisions/048-deposits.md): copies the provider's settlement batches in
 * the window and their transactions, linked to the ledger. Scheduled hourly and queued by an
 * admin's refresh; one attempt, since the next run reads the same window again.
 */
export function syncSettlementsProcessor(deps: SyncSettlementsDeps) {
  return (): Promise<SyncSettlementsResult> => syncSettlements(deps);
}
