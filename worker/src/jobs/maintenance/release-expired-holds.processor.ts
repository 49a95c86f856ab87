import type { Database } from '@pillars/platform/db';
import { RELEASE_HOLDS_BATCH } from '@pillars/platform/jobs';
import type { Logger } from '@pillars/platform/logger';
import { releaseExpiredHolds } from '@pillars/money';

export interface ReleaseExpiredHoldsDeps {
  db: Database;
  logger: Logger;
  /** The clock holds end on (tests move it forward). */
  now?: () => Date;
  /** Registrations released per statement at most (default RELEASE_HOLDS_BATCH). */
  batch?: number;
}

/**
 * release-expired-holds (docs/decisions/022): unpaid registrations whose hold ended, with no
 * payment under way or succeeded, are cancelled and their places given back, one statement per
 * batch (releaseExpiredHolds), until a batch comes back short.
 */
export function releaseExpiredHoldsProcessor(deps: ReleaseExpiredHoldsDeps) {
  const { db, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const batch = deps.batch ?? RELEASE_HOLDS_BATCH;
  return async (): Promise<{ released: number }> => {
    const at = now();
    let released = 0;
    for (;;) {
      const ids = await releaseExpiredHolds(db, at, batch);
      released += ids.length;
      if (ids.length < batch) break;
    }
    if (released > 0) logger.info({ released }, 'expired place holds released');
    return { released };
  };
}
