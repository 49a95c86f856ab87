import { auditLog, users } from '@pillars/platform/db';
import { createLogger } from '@pillars/platform/logger';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@pillars/testing/test-database';
import { AdminAccountError, createAdminAccount, ensureFirstAdmin } from './admin-accounts';

const database = await useTestDatabase();
const logger = createLogger({ level: 'silent' });

describe('the first admin from ADMIN_USERNAME / ADMIN_PASSWORD', () => {
  it('is created once, only while no user exists, even when replicas start together', async () => {
    const config = { ADMIN_USERNAME: 'founder', ADMIN_PASSWORD: 'a long founding passphrase' };
    await Promise.all([1, 2, 3].map(() => ensureFirstAdmin(database.db, config, logger)));
    const rows = await database.db.select().from(users);
    expect(rows.map((u) => u.username)).toEqual(['founder']);
    expect(rows[0]?.passwordHash).toMatch(/^\$argon2id\$/);

    await ensureFirstAdmin(database.db, { ...config, ADMIN_USERNAME: 'second' }, logger);
    expect((await database.db.select().from(users)).map((u) => u.username)).toEqual(['founder']);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.action, 'user.created'));
    expect(audit).toHaveLength(1);
  });

  it('does nothing without both variables', async () => {
    await ensureFirstAdmin(database.db, { ADMIN_USERNAME: 'x', ADMIN_PASSWORD: undefined }, logger);
    expect((await database.db.select().from(users)).map((u) => u.username)).not.toContain('x');
  });
});

describe('createAdminAccount (npm run admin:create)', () => {
  it('refuses a short or common password and a taken username, with a message', async () => {
    await expect(createAdminAccount(database.db, { username: 'ada', password: 'short' }, 'test')).rejects.toThrow(
      new AdminAccountError('Password must be at least 6 characters'),
    );
    await expect(createAdminAccount(database.db, { username: 'ada', password: 'password1' }, 'test')).rejects.toThrow(
      'This password is too common. Please choose a less predictable one.',
    );
    await createAdminAccount(database.db, { username: 'ada', password: 'analytical engine 1843' }, 'test');
    await expect(
      createAdminAccount(database.db, { username: 'ADA', password: 'analytical engine 1843' }, 'test'),
    ).rejects.toThrow('An admin named ADA already exists.');
  });
});
