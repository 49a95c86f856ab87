import { randomUUID } from 'node:crypto';
import { users } from '@pillars/platform/db';
import { createLogger } from '@pillars/platform/logger';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@pillars/testing/test-database';
import { clientValueError } from './errors';

// The logging rule (docs/decisions/027): a database error is logged by message, SQLSTATE, names
// of the constraint, table and column, and stack; never with the values a query carried, nor
// with the objects (the pg client) a library hangs on it. Real PostgreSQL errors, a real logger.
const database = await useTestDatabase();
const { db } = database;

function capture() {
  const lines: string[] = [];
  const logger = createLogger({ level: 'debug', destination: { write: (line: string) => lines.push(line) } });
  const parsed = () =>
    lines.map((line) => JSON.parse(line) as { err?: Record<string, unknown> } & Record<string, unknown>);
  return { logger, lines, parsed };
}

async function rejection(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

const account = (marker: string, overrides: Partial<typeof users.$inferInsert> = {}) => ({
  username: `${marker}-user`,
  email: `${marker}@example.org`,
  passwordHash: `hash-${marker}`,
  firstName: 'Test',
  lastName: `Person-${marker}`,
  ...overrides,
});

describe('logging a database error', () => {
  it("keeps drizzle's query and pg's SQLSTATE, drops the params and the NUL'd value", async () => {
    const marker = `m${randomUUID().slice(0, 8)}`;
    const error = await rejection(() => db.insert(users).values(account(marker, { firstName: `A\u0000${marker}` })));
    // What drizzle throws carries every value, in its message and its params.
    expect(String((error as Error).message)).toContain(marker);
    expect(clientValueError(error)?.status).toBe(400);

    const { logger, lines, parsed } = capture();
    logger.error({ err: error }, 'unhandled error');
    expect(lines.join('')).not.toContain(marker);
    const [line] = parsed();
    expect(line?.err).toMatchObject({
      type: 'DrizzleQueryError',
      message: expect.stringMatching(/^Failed query: insert into "users" .*\nparams: \[redacted\]$/s) as unknown,
      cause: { type: 'DatabaseError', code: '22021', message: 'invalid byte sequence for encoding "UTF8": 0x00' },
    });
    expect(line?.err?.stack).toMatch(/^DrizzleQueryError: Failed query: .*\n {4}at /s);
    expect(line?.err).not.toHaveProperty('params');
    expect(line?.err).not.toHaveProperty('query');
  });

  it("keeps a unique violation's constraint and table, drops pg's detail that quotes the row", async () => {
    const marker = `m${randomUUID().slice(0, 8)}`;
    await db.insert(users).values(account(marker));
    const error = await rejection(() => db.insert(users).values(account(marker)));
    const cause = (error as Error).cause as pg.DatabaseError;
    expect(cause.detail).toContain(marker);

    const { logger, lines, parsed } = capture();
    logger.warn({ err: error }, 'insert failed');
    expect(lines.join('')).not.toContain(marker);
    expect(parsed()[0]?.err?.cause).toEqual(
      expect.objectContaining({ code: '23505', constraint: 'users_username_unique', table: 'users', schema: 'public' }),
    );
    expect(JSON.stringify(parsed()[0]?.err)).not.toMatch(/detail/);
  });

  it('cuts the quoted value off a pg message about a bad value', async () => {
    const marker = `m${randomUUID().slice(0, 8)}`;
    const error = await rejection(() => database.pool.query('select $1::uuid', [marker]));
    expect((error as Error).message).toContain(marker);
    const { logger, lines, parsed } = capture();
    logger.error({ err: error }, 'query failed');
    expect(lines.join('')).not.toContain(marker);
    expect(parsed()[0]?.err).toMatchObject({
      code: '22P02',
      message: 'invalid input syntax for type uuid: [redacted]',
    });
  });

  it('logs an error that carries a pg client by message and code, not the client', async () => {
    const client = new pg.Client({ connectionString: database.url });
    client.on('error', () => undefined);
    await client.connect();
    const error = Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET', client });
    const { logger, lines, parsed } = capture();
    logger.error({ err: error, queue: 'charges' }, 'worker error');
    expect(parsed()[0]?.err).toEqual({
      type: 'Error',
      message: 'Connection terminated unexpectedly',
      code: 'ECONNRESET',
      stack: expect.stringMatching(/^Error: Connection terminated unexpectedly\n/) as unknown,
    });
    expect(lines.join('')).not.toMatch(/connectionParameters|password|_types/);
    await client.end();
  });

  it("scrubs a failure message logged as a string (a job's failedReason)", async () => {
    const marker = `m${randomUUID().slice(0, 8)}`;
    const error = await rejection(() => db.insert(users).values(account(marker, { firstName: `A\u0000${marker}` })));
    const { logger, lines } = capture();
    logger.warn({ error: (error as Error).message }, 'job failed');
    expect(lines.join('')).not.toContain(marker);
    expect(lines.join('')).toContain('params: [redacted]');
  });
});
