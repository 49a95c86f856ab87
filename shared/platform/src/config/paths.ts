import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * DATA_DIR and MAILBOX_DIR: a relative path is from the repository root, whatever directory a
 * process was started from, so the launcher, the api and the worker all find the same folder.
 */
export function fromRepoRoot(path: string): string {
  return isAbsolute(path) ? path : join(REPO_ROOT, path);
}
