// The site stage of this checkout and of an earlier revision, built in turn over the same data on
// the same machine in one sitting. Absolute times on these machines differ by 2–3× from day to
// day, so a claim that the site got faster is a ratio of builds taken minutes apart, each side
// run as a publisher runs it (`npm run site`, with that revision's own Node flags).
import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { symlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { calibrate } from './calibration.ts';
import type { PairedSiteBuild, PairedSiteFigures } from './figures.ts';
import { loadAverage } from './machine.ts';
import { childrenCpuSecondsOf, watchTreeMemory } from './process-stats.ts';

const run = promisify(execFile);

/**
 * The command of a package.json's `site` script as arguments for this Node (`node FLAGS
 * scripts/site.ts`); throws for a script of another shape, which this cannot run faithfully.
 */
export function siteCommandOf(packageJson: string): string[] {
  const script = (JSON.parse(packageJson) as { scripts?: Record<string, string> }).scripts?.['site'];
  const words = script?.trim().split(/\s+/) ?? [];
  if (words[0] !== 'node' || !words.some((word) => /^scripts\/site\.[jt]s$/.test(word))) {
    throw new Error(`its package.json's "site" script is not "node … scripts/site.ts" (${script ?? 'none'})`);
  }
  return words.slice(1);
}

/** What the site command printed of itself: its page count and each step's wall and CPU seconds. */
export interface SiteLog {
  pages: number;
  steps: Record<string, { seconds: number; cpuSeconds: number }>;
}

/**
 * Reads `site: N organisations, P pages, …` and `site: steps read 4.3 s (5.0 s CPU), …` from the
 * output of `npm run site`, a format every revision since the steps were timed prints.
 */
export function parseSiteLog(output: string): SiteLog {
  const pages = /^site: \d+ organisations, (\d+) pages,/m.exec(output);
  const stepsLine = /^site: steps (.*)$/m.exec(output);
  if (pages === null || stepsLine === null)
    throw new Error('the site command printed no page count or steps');
  const steps: SiteLog['steps'] = {};
  for (const step of stepsLine[1]!.matchAll(/(\w+) ([\d.]+) s \(([\d.]+) s CPU\)/g)) {
    steps[step[1]!] = { seconds: Number(step[2]), cpuSeconds: Number(step[3]) };
  }
  if (steps['pages'] === undefined) throw new Error('the site command printed no time for its page step');
  return { pages: Number(pages[1]), steps };
}

/** CPU seconds of every child of this process that has ended and been waited for, and theirs. */
function endedChildrenCpuSeconds(): number {
  return childrenCpuSecondsOf(readFileSync('/proc/self/stat', 'utf8'));
}

/** Runs the site command of one tree over `dataDir` into `siteDir`, and measures it from outside. */
async function buildOnce(tree: string, dataDir: string, siteDir: string): Promise<PairedSiteBuild> {
  const args = [
    ...siteCommandOf(readFileSync(join(tree, 'package.json'), 'utf8')),
    '--data',
    dataDir,
    '--out',
    siteDir,
    '--no-tar-gz',
  ];
  const cpuBefore = endedChildrenCpuSeconds();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: tree,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  const memory = watchTreeMemory(child.pid!);
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (output += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (output += text));
  const code = await new Promise<number | null>((done, fail) => {
    child.once('error', fail);
    child.once('close', done);
  });
  const wallSeconds = (performance.now() - started) / 1000;
  const peakRssBytes = memory.stop();
  if (code !== 0) throw new Error(`the site build in ${tree} failed (exit ${code}):\n${output.slice(-2000)}`);
  const log = parseSiteLog(output);
  const pageStep = log.steps['pages']!;
  return {
    wallSeconds,
    cpuSeconds: endedChildrenCpuSeconds() - cpuBefore,
    peakRssBytes,
    pages: log.pages,
    pageStepSeconds: pageStep.seconds,
    pageStepCpuSeconds: pageStep.cpuSeconds,
    steps: log.steps,
  };
}

async function git(cwd: string, ...args: string[]): Promise<string> {
  return (await run('git', args, { cwd, maxBuffer: 16 << 20 })).stdout.trim();
}

/** The direct dependencies a package.json pins: what the site's build runs on. */
function dependenciesOf(packageJson: string): string {
  const { dependencies = {} } = JSON.parse(packageJson) as { dependencies?: Record<string, string> };
  return JSON.stringify(Object.entries(dependencies).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * A worktree of `revision` beside the size folders, using this checkout's installed packages;
 * refused when the revision pins other dependencies, which it would then not be built with.
 */
async function checkOut(
  root: string,
  revision: string,
  folder: string,
): Promise<{ tree: string; commit: string }> {
  const commit = await git(root, 'rev-parse', '--verify', `${revision}^{commit}`);
  const tree = resolve(folder, `revision-${commit.slice(0, 12)}`);
  if (!existsSync(tree)) await git(root, 'worktree', 'add', '--detach', tree, commit);
  const theirs = readFileSync(join(tree, 'package.json'), 'utf8');
  const ours = readFileSync(join(root, 'package.json'), 'utf8');
  if (dependenciesOf(theirs) !== dependenciesOf(ours)) {
    throw new Error(
      `${revision} pins other dependencies than this checkout; install them in ${tree} to compare`,
    );
  }
  if (!existsSync(join(tree, 'node_modules')))
    await symlink(join(root, 'node_modules'), join(tree, 'node_modules'), 'dir');
  return { tree, commit };
}

export interface PairedSiteOptions {
  /** The project's checkout: the newer side. */
  root: string;
  /** The git revision of the older side. */
  revision: string;
  organisations: number;
  dataDir: string;
  /** The size's folder: the worktree and both sites go under it. */
  folder: string;
  pairs: number;
  /** Moves an earlier site out of the way before a build (its deletion would be charged to the next). */
  moveAside: (path: string) => Promise<void>;
  log: (line: string) => void;
}

/**
 * `pairs` rounds of one build of each side, the order turned each round (older first, then newer
 * first), so that neither side always runs on a machine the other has just warmed or loaded.
 */
export async function pairSiteBuilds(options: PairedSiteOptions): Promise<PairedSiteFigures> {
  const { root, folder, dataDir } = options;
  const against = await checkOut(root, options.revision, folder);
  const checkout = await git(root, 'rev-parse', 'HEAD');
  const changed = (await git(root, 'status', '--porcelain', '--untracked-files=no')) !== '';
  const calibrationBefore = calibrate();
  const startLoad = loadAverage();
  const pairs: PairedSiteFigures['pairs'] = [];
  try {
    for (let round = 0; round < options.pairs; round += 1) {
      const olderFirst = round % 2 === 0;
      const builds: Partial<Record<'against' | 'checkout', PairedSiteBuild>> = {};
      for (const side of olderFirst
        ? (['against', 'checkout'] as const)
        : (['checkout', 'against'] as const)) {
        const siteDir = join(folder, `paired-${side}`);
        await options.moveAside(siteDir);
        await options.moveAside(`${siteDir}-release`);
        options.log(
          `${options.organisations}: pair ${round + 1}, ${side === 'against' ? options.revision : 'this checkout'}…`,
        );
        builds[side] = await buildOnce(side === 'against' ? against.tree : root, dataDir, siteDir);
      }
      pairs.push({ olderFirst, against: builds.against!, checkout: builds.checkout! });
    }
  } finally {
    await git(root, 'worktree', 'remove', '--force', against.tree).catch(() => undefined);
  }
  return {
    organisations: options.organisations,
    against: { revision: options.revision, commit: against.commit },
    checkout: { commit: checkout, changed },
    pairs,
    calibration: { before: calibrationBefore.medianMs, after: calibrate().medianMs },
    loadAverage: Math.max(startLoad, loadAverage()),
  };
}
