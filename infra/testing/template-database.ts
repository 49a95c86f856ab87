import { createDatabase, runMigrations } from '@pillars/platform/db';
import pg from 'pg';
import { withDatabase } from './postgres';

/**
 * Migrates a template database once per run; every test file then gets its own copy
 * (CREATE DATABASE … TEMPLATE), which takes milliseconds and lets files run in parallel.
 */
export async function prepareTemplate(adminUrl: string): Promise<string> {
  const name = `pillars_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const handle = createDatabase(withDatabase(adminUrl, name), { max: 1 });
  try {
    await runMigrations(handle.pool);
  } finally {
    await handle.close();
  }
  return name;
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

export async function cloneTemplate(adminUrl: string, template: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  return withDatabase(adminUrl, name);
}
