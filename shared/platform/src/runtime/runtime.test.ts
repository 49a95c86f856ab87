import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { warnOfQueuesInPostgres } from './index';

function warnings(config: { NODE_ENV: 'production' | 'development' | 'test'; REDIS_URL: string | undefined }) {
  const lines: string[] = [];
  const logger = createLogger({ destination: { write: (line: string) => lines.push(line) } });
  warnOfQueuesInPostgres(config, logger);
  return lines.map((line) => JSON.parse(line) as { level: number; msg: string });
}

describe('warnOfQueuesInPostgres', () => {
  it('warns in production without REDIS_URL, naming the trade-off', () => {
    const [line, ...rest] = warnings({ NODE_ENV: 'production', REDIS_URL: undefined });
    expect(rest).toEqual([]);
    expect(line?.level).toBe(40);
    expect(line?.msg).toContain('REDIS_URL is not set: queues run on PostgreSQL, which is slower than Redis');
    expect(line?.msg).toContain('one-machine installs, not several replicas');
  });

  it('says nothing with Redis, or outside production', () => {
    expect(warnings({ NODE_ENV: 'production', REDIS_URL: 'redis://127.0.0.1:6379' })).toEqual([]);
    expect(warnings({ NODE_ENV: 'development', REDIS_URL: undefined })).toEqual([]);
  });
});
