// Child processes of the tests: each in a process group of its own, so that it can be ended with
// everything it started (Astro's workers, the search index's child), and ended for certain when
// its test ends, whether the test passed, failed or ran out of time.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { compileCacheEnvironment } from './compile-cache.ts';

export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

export interface Started {
  child: ChildProcess;
  finished: Promise<Finished>;
}

/** What a child is ended with: a test's context, or node:test's `{ after }` for a whole file. */
export interface ChildOwner {
  after: (fn: () => Promise<void>) => void;
}

const running = new Set<number>();

function endGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The whole group has already exited.
  }
  running.delete(pid);
}

// The last resort when a test file ends (the runner's per-test time-out included): no child of it
// may outlive it.
process.on('exit', () => {
  for (const pid of running) endGroup(pid);
});

/**
 * Starts `command` and ends its process group when `t` ends. `options.env` should be given: a
 * child inherits nothing the test did not choose.
 */
export function startChild(
  t: ChildOwner,
  command: string,
  args: readonly string[],
  options: Omit<SpawnOptions, 'detached' | 'stdio'> = {},
): Started {
  const began = Date.now();
  // The run's compile cache is the one variable every child gets: it changes no behaviour.
  const env = options.env === undefined ? undefined : { ...options.env, ...compileCacheEnvironment() };
  const child = spawn(command, args, {
    ...options,
    ...(env === undefined ? {} : { env }),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid;
  if (pid !== undefined) running.add(pid);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const finished = new Promise<Finished>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr, ms: Date.now() - began }));
  });
  t.after(async () => {
    if (pid === undefined) return;
    // Also when the child itself has exited: what it started may still be running.
    endGroup(pid);
    await finished.catch(() => undefined);
  });
  return { child, finished };
}

/** Runs `command` to its end (or the end of `t`). */
export function runChild(
  t: ChildOwner,
  command: string,
  args: readonly string[],
  options: Omit<SpawnOptions, 'detached' | 'stdio'> = {},
): Promise<Finished> {
  return startChild(t, command, args, options).finished;
}
