import { sql } from 'drizzle-orm';
import { timestamp, uuid } from 'drizzle-orm/pg-core';
import { RecordStatus } from '@pillars/contracts';

/** Every record's primary key: random UUIDs, so ids in URLs cannot be enumerated. */
export const id = () => uuid('id').primaryKey().defaultRandom();

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** The product's status values, as a CHECK so the database refuses anything else (ADR 005). */
export const statusCheckSql = (column: string) =>
  sql.raw(`${column} IN (${RecordStatus.options.map((s) => `'${s}'`).join(', ')})`);
