import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './index';

describe('loadConfig', () => {
  it('runs on defaults alone', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 5000, NODE_ENV: 'development', DATA_DIR: '.data' });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('puts the public address on this machine’s PORT unless PUBLIC_URL says otherwise', () => {
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:5000');
    expect(loadConfig({ PORT: '5400' }).PUBLIC_URL).toBe('http://localhost:5400');
    expect(loadConfig({ PORT: '5400', PUBLIC_URL: 'https://pillars.example.org' }).PUBLIC_URL).toBe(
      'https://pillars.example.org',
    );
  });

  it('keeps the mailbox in DATA_DIR unless MAILBOX_DIR says otherwise', () => {
    expect(loadConfig({}).MAILBOX_DIR).toBe('.data/mailbox');
    expect(loadConfig({ DATA_DIR: '/srv/pillars' }).MAILBOX_DIR).toBe('/srv/pillars/mailbox');
    expect(loadConfig({ DATA_DIR: '/srv/pillars', MAILBOX_DIR: '' }).MAILBOX_DIR).toBe('/srv/pillars/mailbox');
    expect(loadConfig({ DATA_DIR: '/srv/pillars', MAILBOX_DIR: '/var/mail/pillars' }).MAILBOX_DIR).toBe(
      '/var/mail/pillars',
    );
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', STATIC_DIR: '' })).toMatchObject({
      DATABASE_URL: undefined,
      STATIC_DIR: undefined,
    });
  });

  it('lists every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x/y', CONTACT_EMAIL: 'nope', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.map((p) => p.split(':')[0]);
    expect(problems.sort()).toEqual(['CONTACT_EMAIL', 'DATABASE_URL', 'LOG_LEVEL', 'PORT']);
    expect((error as ConfigError).message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
  });

  it('takes a webhook URL secret of 32 or more URL-safe characters, and refuses the old signing variable', () => {
    const secret = 'a'.repeat(32);
    expect(loadConfig({ PAYTHEORY_WEBHOOK_URL_SECRET: secret }).PAYTHEORY_WEBHOOK_URL_SECRET).toBe(secret);
    expect(() => loadConfig({ PAYTHEORY_WEBHOOK_URL_SECRET: 'short' })).toThrow(/PAYTHEORY_WEBHOOK_URL_SECRET/);
    expect(() => loadConfig({ PAYTHEORY_WEBHOOK_SECRET: 'old' })).toThrow(
      /PAYTHEORY_WEBHOOK_SECRET: no longer read: Pay Theory does not sign webhooks/,
    );
  });

  it('needs its own rate-limit hash key in production, where the demo key would make pseudonyms reversible', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/RATE_LIMIT_HASH_KEY: required in production/);
    const key = 'f'.repeat(64);
    expect(loadConfig({ NODE_ENV: 'production', RATE_LIMIT_HASH_KEY: key }).RATE_LIMIT_HASH_KEY).toBe(key);
    expect(loadConfig({}).RATE_LIMIT_HASH_KEY).toBeTruthy();
  });

  it('parses the seeding switch', () => {
    expect(loadConfig({ SEED_DEMO_CONTENT: 'false' }).SEED_DEMO_CONTENT).toBe(false);
    expect(loadConfig({}).SEED_DEMO_CONTENT).toBeUndefined();
  });

  it('needs the hosted fields origin when the SDK URL is not Pay Theory’s, and derives it when it is', () => {
    expect(() => loadConfig({ PAYTHEORY_SDK_URL: 'http://localhost:5090/sdk.js' })).toThrow(
      /PAYTHEORY_FIELDS_ORIGIN: required when PAYTHEORY_SDK_URL is not a Pay Theory SDK URL/,
    );
    const sandbox = {
      PAYTHEORY_SDK_URL: 'http://localhost:5090/sdk.js',
      PAYTHEORY_FIELDS_ORIGIN: 'http://localhost:5091',
    };
    expect(loadConfig(sandbox).PAYTHEORY_FIELDS_ORIGIN).toBe('http://localhost:5091');
    expect(
      loadConfig({ PAYTHEORY_SDK_URL: 'https://acme.sdk.paytheory.com/' }).PAYTHEORY_FIELDS_ORIGIN,
    ).toBeUndefined();
    expect(() => loadConfig({ ...sandbox, PAYTHEORY_FIELDS_ORIGIN: 'ftp://localhost:5091' })).toThrow(ConfigError);
  });
});
