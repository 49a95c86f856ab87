// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { browserBundleGuard } from './browser-bundle-guard';

const webSrcFile = fileURLToPath(new URL('../src/app/main.tsx', import.meta.url));
const contractsFile = fileURLToPath(new URL('../../shared/contracts/src/index.ts', import.meta.url));
const moneyRulesFile = fileURLToPath(new URL('../../shared/money/src/rules.ts', import.meta.url));

function resolve(source: string, importer: string | undefined = webSrcFile): unknown {
  const hook = browserBundleGuard().resolveId;
  if (typeof hook !== 'function') throw new Error('resolveId must be a plain function hook');
  const context = {} as ThisParameterType<typeof hook>;
  const options = { isEntry: false } as Parameters<typeof hook>[2];
  return hook.call(context, source, importer, options);
}

describe('browserBundleGuard', () => {
  it('runs only for builds, before other resolvers', () => {
    const plugin = browserBundleGuard();
    expect(plugin.apply).toBe('build');
    expect(plugin.enforce).toBe('pre');
  });

  it.each([
    '@pillars/platform/db',
    '@pillars/platform/db/schema',
    '@pillars/platform/config',
    '@pillars/platform/jobs',
    '@pillars/money',
    '@pillars/money/provider',
    'pg',
    'pg/lib/client',
    'pino',
    'drizzle-orm',
    'drizzle-orm/pg-core',
  ])('fails on the server-only import %s', (source) => {
    expect(() => resolve(source)).toThrow(/browser-bundle-guard.*server-only/);
  });

  it.each(['node:fs', 'node:crypto', 'fs', 'fs/promises', 'path', 'crypto', 'child_process'])(
    'fails on the Node built-in %s',
    (source) => {
      expect(() => resolve(source)).toThrow(/Node built-in/);
    },
  );

  it('names the importer and the allowed entry point in the message', () => {
    expect(() => resolve('pg', '/repo/web/src/lib/db.ts')).toThrow(
      /"pg".*imported by \/repo\/web\/src\/lib\/db\.ts.*only @pillars\/contracts and @pillars\/money\/rules/,
    );
  });

  it('fails when a relative import reaches a server-only folder of shared', () => {
    expect(() => resolve('../../platform/src/db/client', contractsFile)).toThrow(/server-only folder/);
    expect(() => resolve('../../platform/src/config', contractsFile)).toThrow(/server-only folder/);
    expect(() => resolve('./ledger', moneyRulesFile)).toThrow(/server-only folder/);
  });

  it("lets money's pure rules through, and nothing else of money", () => {
    expect(resolve('@pillars/money/rules')).toBeNull();
    expect(resolve('./pricing', moneyRulesFile)).toBeNull();
    expect(resolve('./standing', moneyRulesFile)).toBeNull();
  });

  it.each([
    '@pillars/contracts',
    'react',
    'react-dom/client',
    'wouter',
    'zod',
    'date-fns',
    '@date-fns/tz',
    'pg-like-but-not-pg',
    'pinocchio',
    './news-card',
    '../db-helpers',
    '\0vite/modulepreload-polyfill',
  ])('lets %s through to the normal resolvers', (source) => {
    expect(resolve(source)).toBeNull();
  });

  it('allows relative imports between contract files', () => {
    expect(resolve('./common', contractsFile)).toBeNull();
  });
});
