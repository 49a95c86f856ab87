import { sql } from 'drizzle-orm';
import { type AnyPgColumn, timestamp, uuid } from 'drizzle-orm/pg-core';
import { RecordStatus } from '@pillars/contracts';

/** Every record's primary key: random UUIDs, so ids in URLs cannot be enumerated. */
export const id = () => uuid('id').primaryKey().defaultRandom();

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** When the row last changed; the code that changes a row sets it. */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** A row this one belongs to, always set; `onDelete` says what deleting that row does to this one. */
export const belongsTo = (name: string, parent: () => AnyPgColumn, onDelete: 'cascade' | 'restrict') =>
  uuid(name).notNull().references(parent, { onDelete });

/** A CHECK condition that the column holds one of the values, so the database refuses anything else. */
export const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} IN (${values.map((v) => `'${v}'`).join(', ')})`);

/** The product's status values, as a CHECK so the database refuses anything else (ADR 005). */
export const statusCheckSql = (column: string) => inList(column, RecordStatus.options);
