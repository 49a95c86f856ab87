// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { browserBundleGuard } from './browser-bundle-guard';

const webSrcFile = fileURLToPath(new URL('../src/app/main.tsx', import.meta.url));
const contractsFile = fileURLToPath(new URL('../../shared/src/contracts/index.ts', import.meta.url));

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
    '@pillars/shared/db',
    '@pillars/shared/db/schema',
    '@pillars/shared/config',
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
      /"pg".*imported by \/repo\/web\/src\/lib\/db\.ts.*only @pillars\/shared\/contracts/,
    );
  });

  it('fails when a relative import reaches a server-only folder of shared', () => {
    expect(() => resolve('../db/client', contractsFile)).toThrow(/server-only folder/);
    expect(() => resolve('../config', contractsFile)).toThrow(/server-only folder/);
  });

  it.each([
    '@pillars/shared/contracts',
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
