// `npm run test:unit`: every unit test file, in one Node process per core instead of one per file.
//
// Most unit files take milliseconds, but a process of their own each costs Node's start and the
// stripping and compiling of much the same modules again: about a fifth of the run's CPU for some
// 130 files. Each process here runs its share of the files with `--test-isolation=none` (all of
// them in the one process, their tests one at a time), and the processes run side by side. A file
// can still be run alone, as before: `node --test tests/unit/crawl/sweep-covered.test.ts`.
//
// Files sharing a process share its globals, so a unit test leaves the process as it found it
// (environment, working folder, wrapped functions): tests/support/faults.ts hands back what it wraps.
import { globSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { runMarked } from '../support/marked-run.ts';

const PROJECT = fileURLToPath(new URL('../../', import.meta.url));

/** The flags each process runs its files with: the global setup, a time limit, the spec reporter. */
const NODE_TEST_FLAGS = [
  '--test',
  '--test-isolation=none',
  '--test-global-setup=tests/unit/setup.ts',
  // Three minutes a test: a test that hangs fails instead of holding the run.
  '--test-timeout=180000',
  '--test-reporter=spec',
];

/** The files named on the command line, or every unit test file; in a stable order. */
function testFiles(named: string[]): string[] {
  const files = named.length > 0 ? named : globSync('tests/unit/**/*.test.ts', { cwd: PROJECT });
  return [...files].sort();
}

/** `files` dealt round in turn into `count` shares: neighbours, often alike in cost, apart. */
function deal(files: string[], count: number): string[][] {
  return Array.from({ length: count }, (_, share) => files.filter((_, index) => index % count === share));
}

/** Runs one share in a process of its own, each line of its report marked with the share's number. */
function runShare(files: string[], mark: string): Promise<number> {
  return runMarked(process.execPath, [...NODE_TEST_FLAGS, ...files], mark, PROJECT);
}

const files = testFiles(process.argv.slice(2));
const shares = deal(files, Math.max(1, Math.min(availableParallelism(), files.length)));
const codes = await Promise.all(shares.map((share, index) => runShare(share, `[${index + 1}]`)));
const failed = codes.filter((code) => code !== 0).length;
console.log(
  `unit: ${files.length} files in ${shares.length} processes; ${failed === 0 ? 'all passed' : `${failed} with failures`}`,
);
process.exitCode = failed === 0 ? 0 : 1;
