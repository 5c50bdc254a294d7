// A command run to its end with its report passed on: each line marked with the run's name when
// several run side by side (`npm test`, the unit runner's processes), as it comes otherwise.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** Runs `command` with `args` in `cwd`; resolves to its exit code (1 when a signal ended it). */
export function runMarked(command: string, args: string[], mark?: string, cwd?: string): Promise<number> {
  const child = spawn(command, args, {
    cwd,
    stdio: mark === undefined ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  if (mark !== undefined)
    for (const stream of [child.stdout!, child.stderr!])
      createInterface({ input: stream }).on('line', (line) => console.log(`${mark} ${line}`));
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}
