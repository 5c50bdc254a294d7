// npm run bench -- [flags]: measures every stage on the sample API at several sizes and writes
// BENCHMARKS.md and benchmarks.json (see --help).
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { mergeResults, type BenchmarkResults } from '../src/bench/figures.ts';
import {
  BENCHMARK_DEFAULTS,
  COMPARISONS,
  runBenchmark,
  type Comparison,
  STAGES,
  writeBenchmarkFiles,
  type Stage,
} from '../src/bench/run.ts';
import { launchChromium } from '../src/bench/chromium.ts';

const HELP = `Usage: npm run bench -- [flags]

Crawls the sample API, renders the site and searches it in Chromium at each size, then writes the
figures with the machine's description to BENCHMARKS.md and benchmarks.json (and a copy to
bench-results/latest.json). Each size keeps its data and site under bench-results/SIZE/.

  --sizes N,N,...     organisations (default ${BENCHMARK_DEFAULTS.sizes.join(',')}; 100000 for the site's largest target)
  --stages S,S,...    any of ${STAGES.join(', ')} (default all); a stage left out reuses what an earlier run left
  --latency-ms N      the sample API's delay per answer in the crawl (default ${BENCHMARK_DEFAULTS.latencyMs})
  --jitter-ms N       its variation either way (default ${BENCHMARK_DEFAULTS.jitterMs})
  --concurrency N     the crawler's requests in flight (default ${BENCHMARK_DEFAULTS.concurrency})
  --search-caps N,N   the sweep stage's search caps (default ${BENCHMARK_DEFAULTS.searchCaps.join(',')}): one crawl each,
                      with every default of the crawler, of a sample API that cuts each answer there
  --compare pagefind  also index the site with Pagefind and time both engines side by side, over one
                      http server (orgdir from file:// too); with it, sizes default to 10000 and
                      stages to site
  --seed S            the sample register's seed (default ${BENCHMARK_DEFAULTS.seed})
  --report FILE       the Markdown report (default BENCHMARKS.md)
  --json FILE         the figures as JSON (default benchmarks.json)
  --trial             write only bench-results/latest.json, not the report files
  --merge             keep the figures of the JSON file for what this run does not measure
  --profile DIR       write a V8 CPU profile of each crawl and site process into DIR
  --help              show this text`;

class UsageError extends Error {}

function positiveIntegers(flag: string, text: string): number[] {
  const values = text.split(',').map((part) => Number(part.trim().replaceAll('_', '')));
  if (values.length === 0 || values.some((value) => !Number.isInteger(value) || value < 1)) {
    throw new UsageError(`--${flag} takes whole numbers of 1 or more, separated by commas (got "${text}")`);
  }
  return values;
}

function amount(flag: string, text: string | undefined, fallback: number, min: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < min) {
    throw new UsageError(`--${flag} must be a number of at least ${min} (got "${text}")`);
  }
  return value;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string' },
      stages: { type: 'string' },
      'latency-ms': { type: 'string' },
      'jitter-ms': { type: 'string' },
      concurrency: { type: 'string' },
      'search-caps': { type: 'string' },
      compare: { type: 'string' },
      seed: { type: 'string' },
      report: { type: 'string' },
      trial: { type: 'boolean', default: false },
      merge: { type: 'boolean', default: false },
      json: { type: 'string' },
      profile: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const comparing = values.compare !== undefined;
  // Beside another engine, the site is what is compared: its crawl is taken without latency.
  const stages = (values.stages ?? (comparing ? 'site' : STAGES.join(',')))
    .split(',')
    .map((stage) => stage.trim());
  const unknown = stages.filter((stage) => !(STAGES as readonly string[]).includes(stage));
  if (unknown.length > 0)
    throw new UsageError(`unknown stage ${unknown.join(', ')} (known: ${STAGES.join(', ')})`);

  const compare = (values.compare ?? '').split(',').filter((name) => name.trim() !== '');
  const unknownEngine = compare.filter((name) => !(COMPARISONS as readonly string[]).includes(name));
  if (unknownEngine.length > 0)
    throw new UsageError(`unknown engine ${unknownEngine.join(', ')} (known: ${COMPARISONS.join(', ')})`);
  const defaultSizes = compare.length > 0 ? [10_000] : BENCHMARK_DEFAULTS.sizes;

  const jsonFile = values.json ?? 'benchmarks.json';
  const measured = await runBenchmark({
    sizes: values.sizes === undefined ? defaultSizes : positiveIntegers('sizes', values.sizes),
    compare: compare as Comparison[],
    stages: stages as Stage[],
    seed: values.seed ?? BENCHMARK_DEFAULTS.seed,
    latencyMs: amount('latency-ms', values['latency-ms'], BENCHMARK_DEFAULTS.latencyMs, 0),
    jitterMs: amount('jitter-ms', values['jitter-ms'], BENCHMARK_DEFAULTS.jitterMs, 0),
    concurrency: amount('concurrency', values.concurrency, BENCHMARK_DEFAULTS.concurrency, 1),
    searchCaps:
      values['search-caps'] === undefined
        ? BENCHMARK_DEFAULTS.searchCaps
        : positiveIntegers('search-caps', values['search-caps']),
    workDir: BENCHMARK_DEFAULTS.workDir,
    command: ['npm run bench', ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : [])].join(
      ' ',
    ),
    launchBrowser: launchChromium,
    ...(values.profile === undefined ? {} : { profileDir: values.profile }),
    log: (line) => console.log(`bench: ${line}`),
  });
  const latest = `${BENCHMARK_DEFAULTS.workDir}/latest.json`;
  const markdown = values.report ?? 'BENCHMARKS.md';
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
