import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, whatever directory the command was started from. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** Vite's CLI, run with this Node; `vite/bin/*` is not in the package's exports map. */
export function viteCli(): string {
  const packageJson = createRequire(join(REPO_ROOT, 'web/package.json')).resolve('vite/package.json');
  return join(dirname(packageJson), 'bin/vite.js');
}
