import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { userInfo } from 'node:os';

/**
 * What `npm test` may install on its own. On a Debian/Ubuntu machine where it runs as root
 * (CI, containers, this project's dev machines) a missing server or browser is installed with
 * apt-get; anywhere else the run stops with one message naming what to install.
 */
export class MissingDependencyError extends Error {
  constructor(what: string, howToFix: string) {
    super(`npm test needs ${what}. ${howToFix}`);
    this.name = 'MissingDependencyError';
  }
}

export function onPath(command: string): string | undefined {
  const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  const path = found.stdout.trim();
  return found.status === 0 && path ? path : undefined;
}

const canUseApt = () => userInfo().uid === 0 && existsSync('/etc/debian_version') && Boolean(onPath('apt-get'));

let aptUpdated = false;

/** Installs Debian packages when allowed; returns false when this machine cannot. */
export function aptInstall(packages: string[]): boolean {
  if (!canUseApt()) return false;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  process.stderr.write(`[test harness] installing ${packages.join(', ')} with apt-get\n`);
  if (!aptUpdated) {
    execFileSync('apt-get', ['update', '-qq'], { stdio: ['ignore', 'ignore', 'inherit'], env });
    aptUpdated = true;
  }
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
  return true;
}

/**
 * `command` as found on this machine (`found`, else on PATH), else installed from the Debian
 * package `aptPackage` when allowed; else a MissingDependencyError naming `what` and `howToFix`.
 */
export function installedCommand(
  command: string,
  aptPackage: string,
  found: string | undefined,
  what: string,
  howToFix: string,
): string {
  const path = found ?? onPath(command);
  if (path) return path;
  if (aptInstall([aptPackage])) {
    const installed = onPath(command);
    if (installed) return installed;
  }
  throw new MissingDependencyError(what, howToFix);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not allocate a port'));
      });
    });
  });
}

/** A Docker engine that answers (not merely the CLI, which this project's dev machines have). */
export async function dockerEngineAnswers(): Promise<boolean> {
  if (process.env.TESTCONTAINERS_DISABLED === 'true') return false;
  if (!process.env.DOCKER_HOST && !existsSync('/var/run/docker.sock')) return false;
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}
