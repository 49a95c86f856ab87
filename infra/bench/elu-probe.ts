/**
 * Preloaded into the API, worker and sandbox processes by the payments benchmark
 * (`node --import tsx --import ./infra/bench/elu-probe.ts …`). On the IPC channel it answers:
 * - `{ type: 'elu' }` with the process's cumulative event-loop idle and active time, so the bench
 *   can tell how busy each event loop was during a phase;
 * - `{ type: 'profile-start' }` and `{ type: 'profile-stop', file }` by starting V8's sampling
 *   profiler and writing what it took to `file` (a `.cpuprofile`), so a profile covers one phase
 *   and not the process's start-up (the bench's `--cpu-prof DIR`). With `threads: true` (start)
 *   and `threadsFile` (stop) it profiles the process's worker threads too (the worker's e-mail
 *   thread), through the inspector's NodeWorker domain, so no code of the app takes part.
 * It stops the process if the bench goes away, and does nothing at all without an IPC channel.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { performance } from 'node:perf_hooks';

/** Sampling every 200 µs: fine enough for a job of a few ms, cheap enough not to change the figures much. */
const SAMPLING_INTERVAL_US = 200;

let session: Session | undefined;
const post = (method: string, params?: object) =>
  new Promise<unknown>((resolve, reject) => {
    if (!session) {
      session = new Session();
      session.connect();
    }
    session.post(method, params, (error, result) => (error ? reject(error) : resolve(result)));
  });

/** The app's worker threads, by inspector session id, as the NodeWorker domain attaches them. */
const threads = new Set<string>();
const pendingInThread = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
let lastThreadMessage = 0;
let threadsWatched = false;

async function watchThreads(): Promise<void> {
  if (threadsWatched) return;
  threadsWatched = true;
  // Node's own threads (the module loader's, `node:internal/modules/esm/worker`) are not the app's.
  session?.on('NodeWorker.attachedToWorker', ({ params }) => {
    if (!params.workerInfo.url.startsWith('node:')) threads.add(params.sessionId);
  });
  session?.on('NodeWorker.detachedFromWorker', ({ params }) => threads.delete(params.sessionId));
  session?.on('NodeWorker.receivedMessageFromWorker', ({ params }) => {
    const reply = JSON.parse(params.message) as { id?: number; result?: unknown; error?: { message: string } };
    const pending = reply.id === undefined ? undefined : pendingInThread.get(reply.id);
    if (!pending || reply.id === undefined) return;
    pendingInThread.delete(reply.id);
    if (reply.error) pending.reject(new Error(reply.error.message));
    else pending.resolve(reply.result);
  });
  // Threads already running are attached (and told of) before this resolves.
  await post('NodeWorker.enable', { waitForDebuggerOnStart: false });
}

/** A command to one thread's own inspector, answered through the main thread's session. */
function postInThread(sessionId: string, method: string, params?: object): Promise<unknown> {
  const id = ++lastThreadMessage;
  return new Promise((resolve, reject) => {
    pendingInThread.set(id, { resolve, reject });
    post('NodeWorker.sendMessageToWorker', { sessionId, message: JSON.stringify({ id, method, params }) }).catch(
      reject,
    );
  });
}

/** The threads whose profiler startThreads started, with their CPU time then (ms). */
const profiling = new Map<string, number>();

/** Linux's clock tick, the unit of /proc's CPU times: 100 per second on every kernel Node runs on. */
const MS_PER_TICK = 10;

/**
 * A thread's own CPU time (user + system, ms), read by the thread from /proc/thread-self/stat:
 * a profile's samples count wall time, which on a busy machine includes time the thread waited
 * for a core.
 */
async function threadCpuMs(sessionId: string): Promise<number> {
  const expression = "require('node:fs').readFileSync('/proc/thread-self/stat', 'utf8')";
  const reply = (await postInThread(sessionId, 'Runtime.evaluate', {
    expression,
    includeCommandLineAPI: true,
    returnByValue: true,
  })) as { result: { value?: unknown } };
  const stat = String(reply.result.value);
  // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
}

/** Every thread's profile to `file`, or `file` with the thread's number when there are several. */
async function stopThreads(file: string | undefined): Promise<void> {
  const started = [...profiling];
  profiling.clear();
  for (const [index, [sessionId, cpuAtStart]] of started.entries()) {
    const result = (await postInThread(sessionId, 'Profiler.stop')) as { profile: object };
    const cpuMs = (await threadCpuMs(sessionId)) - cpuAtStart;
    if (file === undefined) continue;
    const name = started.length === 1 ? file : file.replace(/\.cpuprofile$/, `-${index + 1}.cpuprofile`);
    // The thread's CPU time over the profile rides in it, for profile-summary.ts.
    writeFileSync(name, JSON.stringify({ ...result.profile, threadCpuMs: cpuMs }));
  }
}

async function startThreads(): Promise<void> {
  await watchThreads();
  for (const sessionId of threads) {
    await postInThread(sessionId, 'Profiler.enable');
    await postInThread(sessionId, 'Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });
    await postInThread(sessionId, 'Profiler.start');
    profiling.set(sessionId, await threadCpuMs(sessionId));
  }
}

async function answer(message: {
  type: string;
  file?: unknown;
  threads?: unknown;
  threadsFile?: unknown;
}): Promise<object | undefined> {
  switch (message.type) {
    case 'elu': {
      const { idle, active } = performance.eventLoopUtilization();
      return { type: 'elu', idle, active };
    }
    case 'profile-start':
      await post('Profiler.enable');
      await post('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });
      await post('Profiler.start');
      if (message.threads === true) await startThreads();
      return { type: 'profile', ok: true };
    case 'profile-stop': {
      const result = (await post('Profiler.stop')) as { profile: unknown };
      if (typeof message.file === 'string') writeFileSync(message.file, JSON.stringify(result.profile));
      await stopThreads(typeof message.threadsFile === 'string' ? message.threadsFile : undefined);
      return { type: 'profile', ok: true };
    }
    default:
      return undefined;
  }
}

if (process.send) {
  process.on('message', (message: unknown) => {
    if (typeof message !== 'object' || message === null || !('type' in message)) return;
    if (typeof message.type !== 'string') return;
    answer(message as Parameters<typeof answer>[0]).then(
      (reply) => reply && process.send?.(reply),
      (error: unknown) => process.send?.({ type: 'profile', ok: false, message: String(error) }),
    );
  });
  // The channel must not keep a process alive that would otherwise exit.
  process.channel?.unref();
  // The bench died without stopping us (SIGKILL, a second Ctrl-C): shut down as on a deploy.
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}
