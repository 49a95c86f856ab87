import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { REPO_ROOT } from './children';

/**
 * A benchmark's test set-up: the benchmark run the way a developer runs it, in a process of its
 * own, writing its JSON results into a folder of the test's own (removed after the tests).
 * `run` asserts that the run exits 0 (showing its stderr when it does not) and gives its
 * printed report and the parsed results file.
 */
export function benchRun(folderPrefix: string) {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), folderPrefix));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  return async function run(script: string, args: string[]): Promise<{ stdout: string; json: unknown }> {
    const jsonFile = join(dir, 'results.json');
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args, '--json', jsonFile], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect({ code, stderr: code === 0 ? '' : stderr }).toEqual({ code: 0, stderr: '' });
    return { stdout, json: JSON.parse(await readFile(jsonFile, 'utf8')) as unknown };
  };
}
