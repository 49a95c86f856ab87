import pg from 'pg';
import { afterAll } from 'vitest';

/**
 * Records the SQL statements every pooled client sends while recording (their text, or a prepared
 * statement's config's text, white space folded, cut at `width`), so a suite can count what a job
 * costs. pg's own query is put back after the suite.
 */
export function statementRecorder(width: number) {
  const seen: string[] = [];
  let recording = false;
  const query = Reflect.get(pg.Client.prototype, 'query') as (this: pg.Client, ...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (recording) {
      const [first] = args;
      const text = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text;
      seen.push((text ?? '?').replace(/\s+/g, ' ').slice(0, width));
    }
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
  afterAll(() => {
    Reflect.set(pg.Client.prototype, 'query', query);
  });
  return {
    /** Forgets what was recorded, and records from now on. */
    start() {
      seen.length = 0;
      recording = true;
    },
    /** Stops recording; answers what was recorded since start. */
    stop(): string[] {
      recording = false;
      return [...seen];
    },
  };
}
