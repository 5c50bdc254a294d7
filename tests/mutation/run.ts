// npm run test:mutation [-- --only ID[,ID...]] [-- --quick] [-- --list]: takes away each defence and cap the
// docs state, one at a time, and requires the test named for it to fail (mutants.ts beside it).
// It works on a scratch copy of the working tree (node_modules linked, not copied), so the tree
// itself is never changed, whatever stops the run. Each named test is first run unchanged: a test
// that fails on its own would prove nothing when the mutant makes it fail. Exit 1 when a mutant
// survives, when a snippet is not found exactly once (a table that no longer matches the code), or
// when a named test fails unchanged.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { MUTANTS, type Mutant } from './mutants.ts';

const ROOT = join(import.meta.dirname, '..', '..');
/** One unit test file's limit, as `npm run test:unit` sets it; a mutant that hangs a test is killed by it. */
const TEST_TIMEOUT_MS = 180_000;

/** How often `snippet` occurs in `text`. */
function occurrences(text: string, snippet: string): number {
  let count = 0;
  for (let at = text.indexOf(snippet); at !== -1; at = text.indexOf(snippet, at + snippet.length)) count += 1;
  return count;
}

/** The tracked and new (not ignored) files of the working tree, as they are now, into `scratch`. */
function copyTree(scratch: string): void {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  for (const path of new Set(listed.split('\0').filter((entry) => entry !== ''))) {
    try {
      cpSync(join(ROOT, path), join(scratch, path), { recursive: false, verbatimSymlinks: true });
    } catch (error) {
      // A file deleted but not yet staged is listed and absent: it is not part of the tree.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  symlinkSync(join(ROOT, 'node_modules'), join(scratch, 'node_modules'), 'dir');
}

let running: ReturnType<typeof spawn> | undefined;

/** Runs one test file (and name pattern) in `cwd`; true when every test ran passed. */
function runTest(
  cwd: string,
  mutant: Pick<Mutant, 'test' | 'name'>,
): Promise<{ passed: boolean; output: string }> {
  const args = ['--test', '--test-concurrency=1', `--test-timeout=${TEST_TIMEOUT_MS}`, '--test-reporter=tap'];
  if (mutant.name !== undefined) args.push(`--test-name-pattern=${mutant.name}`);
  args.push(mutant.test);
  return new Promise((resolve, reject) => {
    // Its own process group, so that an interrupted run ends the test and what it started.
    const child = spawn(process.execPath, args, { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    running = child;
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      running = undefined;
      resolve({ passed: code === 0, output });
    });
  });
}

/**
 * A Node test run that ran nothing passes (the file itself counts as a passing test): a name
 * pattern that matches no test of the file must not.
 */
function ranNothing(output: string, file: string): boolean {
  const passed = [...output.matchAll(/^\s*ok \d+ - (.*)$/gm)].map((match) => match[1]);
  return !passed.some((name) => name !== file);
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      quick: { type: 'boolean', default: false },
      list: { type: 'boolean', default: false },
    },
  });
  if (values.list) {
    for (const mutant of MUTANTS)
      console.log(`${mutant.id}\t${mutant.file}\t${mutant.test}${mutant.slow === true ? '\tslow' : ''}`);
    return 0;
  }
  const only = values.only === undefined ? undefined : new Set(values.only.split(','));
  const chosen = MUTANTS.filter(
    (mutant) => (only === undefined || only.has(mutant.id)) && !(values.quick && mutant.slow === true),
  );
  if (only !== undefined && MUTANTS.filter((mutant) => only.has(mutant.id)).length !== only.size) {
    const known = new Set(MUTANTS.map((mutant) => mutant.id));
    console.error(`mutation: no mutant named ${[...only].filter((id) => !known.has(id)).join(', ')}`);
    return 2;
  }
  const started = performance.now();
  const scratch = mkdtempSync(join(tmpdir(), 'orgdir-mutation-'));
  const removeScratch = () => rmSync(scratch, { recursive: true, force: true });
  const interrupted = (signal: NodeJS.Signals) => {
    if (running?.pid !== undefined) process.kill(-running.pid, 'SIGKILL');
    removeScratch();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  const problems: string[] = [];
  try {
    copyTree(scratch);
    // Every snippet of the table first (the slow ones too when only the quick half runs), so a table
    // that no longer matches the code is named before any test runs.
    for (const mutant of MUTANTS) {
      if (!existsSync(join(scratch, mutant.file))) {
        problems.push(`${mutant.id}: ${mutant.file} is not in the tree`);
        continue;
      }
      if (!existsSync(join(scratch, mutant.test)))
        problems.push(`${mutant.id}: its test ${mutant.test} is not in the tree`);
      const found = occurrences(readFileSync(join(scratch, mutant.file), 'utf8'), mutant.find);
      if (found !== 1) problems.push(`${mutant.id}: its snippet is found ${found} times in ${mutant.file}`);
    }
    if (problems.length > 0) return report(problems, chosen.length, started);

    const baseline = new Map<string, boolean>();
    for (const mutant of chosen) {
      const key = `${mutant.test}\0${mutant.name ?? ''}`;
      if (!baseline.has(key)) {
        const unchanged = await runTest(scratch, mutant);
        const fine = unchanged.passed && !ranNothing(unchanged.output, mutant.test);
        baseline.set(key, fine);
        if (!fine) {
          problems.push(`${mutant.test} ${mutant.name ?? ''}: fails or runs nothing without any mutant`);
          console.error(unchanged.output.slice(-4000));
        }
      }
      if (baseline.get(key) !== true) continue;
      const path = join(scratch, mutant.file);
      const original = readFileSync(path, 'utf8');
      const mutantStarted = performance.now();
      writeFileSync(
        path,
        original.replace(mutant.find, () => mutant.replace),
      );
      try {
        const { passed } = await runTest(scratch, mutant);
        console.log(`${passed ? 'SURVIVED' : 'killed  '} ${mutant.id} (${seconds(mutantStarted)})`);
        if (passed) problems.push(`${mutant.id} survived: ${mutant.defence}`);
      } finally {
        writeFileSync(path, original);
      }
    }
    return report(problems, chosen.length, started);
  } finally {
    removeScratch();
  }
}

function report(problems: readonly string[], count: number, started: number): number {
  for (const problem of problems) console.error(`mutation: ${problem}`);
  console.log(`mutation: ${count} mutants, ${problems.length} problems, in ${seconds(started)}`);
  return problems.length === 0 ? 0 : 1;
}

process.exitCode = await main();
