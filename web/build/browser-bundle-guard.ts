import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** Packages that pull server code, secrets or Node APIs into the browser. */
const FORBIDDEN_PACKAGES = ['@pillars/platform', 'pg', 'pino', 'drizzle-orm'];

/** Of money, the browser may have its pure rules (prices, fees, standings) and nothing else. */
const MONEY = '@pillars/money';
const MONEY_RULES = '@pillars/money/rules';
const moneySrc = fileURLToPath(new URL('../../shared/money/src/', import.meta.url));
const MONEY_RULES_FILES = ['rules.ts', 'pricing.ts', 'standing.ts'].map((file) => path.join(moneySrc, file));

/** Server-only folders of shared/, caught even when reached by a relative import. */
const FORBIDDEN_DIRS = [fileURLToPath(new URL('../../shared/platform/', import.meta.url)), moneySrc];

const builtins = new Set(builtinModules);

function isPackageOrSubpath(source: string, name: string): boolean {
  return source === name || source.startsWith(`${name}/`);
}

function isNodeBuiltin(source: string): boolean {
  if (source.startsWith('node:')) return true;
  const [first = ''] = source.split('/');
  return builtins.has(source) || builtins.has(first);
}

function isInsideForbiddenDir(source: string, importer: string | undefined): boolean {
  const isPath = source.startsWith('.') || path.isAbsolute(source);
  if (!isPath) return false;
  const base = importer ? path.dirname(importer) : process.cwd();
  const resolved = path.resolve(base, source);
  if (MONEY_RULES_FILES.some((file) => resolved === file || resolved === file.replace(/\.ts$/, ''))) return false;
  return FORBIDDEN_DIRS.some((dir) => resolved === dir || resolved.startsWith(dir));
}

/** Returns why `source` may not be bundled for the browser, or null when it may. */
export function findForbiddenImport(source: string, importer?: string): string | null {
  // Ids starting with \0 are virtual modules of other plugins, never files or packages.
  if (source.startsWith('\0')) return null;
  const moneyBeyondRules = isPackageOrSubpath(source, MONEY) && source !== MONEY_RULES;
  if (moneyBeyondRules || FORBIDDEN_PACKAGES.some((name) => isPackageOrSubpath(source, name))) {
    return 'it is server-only code';
  }
  if (isNodeBuiltin(source)) return 'it is a Node built-in module';
  if (isInsideForbiddenDir(source, importer)) return 'it is inside a server-only folder of shared/';
  return null;
}

/**
 * Fails `vite build` when server code would reach the browser bundle. The web app may import
 * only `@pillars/contracts` and `@pillars/money/rules` from shared; a stray import of db/config would otherwise
 * ship connection code (or crash at runtime) instead of failing loudly here.
 */
export function browserBundleGuard(): Plugin {
  return {
    name: 'browser-bundle-guard',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const reason = findForbiddenImport(source, importer);
      if (reason) {
        throw new Error(
          `[browser-bundle-guard] "${source}" cannot be bundled for the browser: ${reason}` +
            ` (imported by ${importer ?? 'an entry point'}).` +
            ' The web app may import only @pillars/contracts and @pillars/money/rules from shared.',
        );
      }
      return null;
    },
  };
}
