import { execFileSync } from 'node:child_process';
import { REPO_ROOT } from '@pillars/embedded/paths';

/**
 * The api's build step (`npm run build -w api`: the API reference viewer's script), run before the
 * tests that serve it, so a clean clone passes without a `npm run build` first.
 */
export function buildApi(): void {
  execFileSync('npm', ['run', 'build', '--silent', '-w', 'api'], { cwd: REPO_ROOT, stdio: 'inherit' });
}
