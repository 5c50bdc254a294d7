// npm run bench -- [flags]: measures every stage on the sample API at several sizes and writes
// BENCHMARKS.md and benchmarks.json (see --help).
import { readFile } from 'node:fs/promises';
import { BENCH_COMMAND_LINE, COMPARISON_SIZE, LIGHTHOUSE_SIZE } from '../tests/bench/command-line.ts';
import { mergeResults, TARGETS, type BenchmarkResults } from '../tests/bench/figures.ts';
import { BENCHMARK_DEFAULTS, runBenchmark, STAGES, writeBenchmarkFiles } from '../tests/bench/run.ts';
import { CHROMIUM_PATH, launchChromium } from '../tests/support/chromium.ts';
import { flagsHelp, readFlags, readSettings } from '../src/lib/command-line.ts';

const HELP = [
  'Usage: npm run bench -- [flags]',
  '',
  'Crawls the sample API, renders the site and searches it in Chromium at each size, then writes the',
  "figures with the machine's description to BENCHMARKS.md and benchmarks.json (and a copy to",
  `${BENCHMARK_DEFAULTS.workDir}/latest.json). Each size keeps its data and site under ${BENCHMARK_DEFAULTS.workDir}/SIZE/.`,
  '',
  ...flagsHelp(BENCH_COMMAND_LINE),
  '  --help',
  '      Show this text.',
].join('\n');

class UsageError extends Error {}

async function main(): Promise<number> {
  const flags = readFlags([BENCH_COMMAND_LINE], process.argv.slice(2));
  if (!flags.ok) throw new UsageError(flags.problem);
  if (flags.value['help'] === true) {
    console.log(HELP);
    return 0;
  }
  const settings = readSettings(BENCH_COMMAND_LINE, flags.value, {});
  if (!settings.ok) throw new UsageError(settings.problem);
  const values = settings.value;
  // Beside another engine, or audited, the site is what is measured: its crawl is taken without latency.
  const comparing = values.compare !== undefined || values.lighthouse;
  const compare = values.compare ?? [];
  const pairing = values.against !== undefined;
  const stages = values.stages ?? (comparing ? ['site' as const] : pairing ? [] : [...STAGES]);
  const defaultSizes =
    compare.length > 0
      ? [COMPARISON_SIZE]
      : values.lighthouse
        ? [LIGHTHOUSE_SIZE]
        : pairing
          ? [TARGETS.pairedOrganisations]
          : BENCHMARK_DEFAULTS.sizes;

  const jsonFile = values.json;
  const measured = await runBenchmark({
    sizes: values.sizes ?? defaultSizes,
    compare,
    ...(values.network === undefined ? {} : { network: values.network }),
    lighthouse: values.lighthouse,
    ...(values.against === undefined ? {} : { paired: { revision: values.against, pairs: values.pairs } }),
    stages,
    seed: values.seed,
    latencyMs: values.latencyMs,
    jitterMs: values.jitterMs,
    concurrency: values.concurrency,
    searchCaps: values.searchCaps,
    workDir: BENCHMARK_DEFAULTS.workDir,
    command: ['npm run bench', ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : [])].join(
      ' ',
    ),
    launchBrowser: () => launchChromium(CHROMIUM_PATH),
    ...(values.profile === undefined ? {} : { profileDir: values.profile }),
    log: (line) => console.log(`bench: ${line}`),
  });
  const latest = `${BENCHMARK_DEFAULTS.workDir}/latest.json`;
  const markdown = values.report;
  const results = values.merge
    ? mergeResults(JSON.parse(await readFile(jsonFile, 'utf8')) as BenchmarkResults, measured)
    : measured;
  await writeBenchmarkFiles(
    results,
    values.trial ? { json: [latest] } : { markdown, json: [jsonFile, latest] },
  );
  for (const check of results.targets) {
    console.log(
      `bench: ${check.met ? 'met   ' : 'MISSED'} ${check.stage}: ${check.target}: ${check.measured}`,
    );
  }
  console.log(`bench: figures in ${values.trial ? '' : `${markdown}, `}${latest}`);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`bench: ${error.message} (see --help)`);
      process.exitCode = 2;
    } else {
      console.error(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      process.exitCode = 1;
    }
  },
);
