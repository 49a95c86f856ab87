import {
  CSV_BYTE_ORDER_MARK,
  CSV_HEADER_LINE,
  type ContributorsExportQuery,
  contributorCells,
  contributorsCsvFileName,
  csvLine,
} from '@pillars/contracts/admin';
import type { Database } from '@pillars/platform/db';
import type { Logger } from '@pillars/platform/logger';
import { chargeStatesByProviderId } from '@pillars/money';
import { contributorBatches } from './contributor-list.service';

/** The contributors' CSV file: its name, and its bytes as a stream. */
export type ContributorsCsv = { fileName: string; body: ReadableStream<Uint8Array> };

/**
 * Every row the filters match as the contributors' CSV (columns in contributors-csv.ts), in the
 * asked order. Pull-based: the next batch is read only when the client has taken the previous one,
 * so a slow download holds one batch in memory, never the whole set (docs/decisions/031).
 */
export function contributorsCsv(db: Database, logger: Logger, query: ContributorsExportQuery): ContributorsCsv {
  const timeZone = query.timeZone ?? 'UTC';
  const batches = contributorBatches(db, query);
  const encoder = new TextEncoder();
  const started = performance.now();
  let rows = -1;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (rows < 0) {
          rows = 0;
          controller.enqueue(encoder.encode(CSV_BYTE_ORDER_MARK + CSV_HEADER_LINE));
          return;
        }
        try {
          const next = await batches.next();
          if (next.done) {
            logger.info(
              { event: 'admin.contributors-export', rows, ms: Math.round(performance.now() - started) },
              'contributors exported',
            );
            controller.close();
            return;
          }
          rows += next.value.length;
          const states = await chargeStatesByProviderId(
            db,
            next.value.flatMap((row) => (row.payTheoryPaymentId ? [row.payTheoryPaymentId] : [])),
          );
          const cellsOf = (row: (typeof next.value)[number]) =>
            contributorCells(row, timeZone, row.payTheoryPaymentId ? states.get(row.payTheoryPaymentId) : undefined);
          controller.enqueue(encoder.encode(next.value.map((row) => csvLine(cellsOf(row))).join('')));
        } catch (error) {
          logger.error({ event: 'admin.contributors-export', rows, err: error }, 'contributors export failed');
          controller.error(error);
        }
      },
      async cancel() {
        await batches.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
  return { fileName: contributorsCsvFileName(new Date(), timeZone), body };
}
