import { FinalError } from '@pillars/money';
import { UnrecoverableError } from 'bullmq';

/**
 * Runs one use case of money for a job: a final outcome (FinalError) becomes an UnrecoverableError,
 * so BullMQ does not try it again; any other error propagates, and BullMQ retries with backoff
 * (JOB_OPTIONS).
 */
export async function finalAsUnrecoverable<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof FinalError) throw new UnrecoverableError(error.message);
    throw error;
  }
}
