// The benchmark's command line in one zod schema: `npm run bench -- --help` is written from it.
import { z } from 'zod';
import { documented } from '../../src/lib/command-line.ts';
import { TARGETS } from './figures.ts';
import {
  BENCHMARK_DEFAULTS,
  COMPARISONS,
  NETWORKS,
  STAGES,
  type Comparison,
  type Network,
  type Stage,
} from './run.ts';

/** Whole numbers of 1 or more, separated by commas (`_` allowed as a thousands separator). */
function positiveIntegers(flag: string) {
  const parse = (text: string) => text.split(',').map((part) => Number(part.trim().replaceAll('_', '')));
  return z
    .string()
    .refine((text) => parse(text).every((value) => Number.isInteger(value) && value >= 1), {
      error: (issue) =>
        `--${flag} takes whole numbers of 1 or more, separated by commas (got "${String(issue.input)}")`,
    })
    .transform(parse);
}

/**
 * Names of `known`, separated by commas; an unknown one (a blank one too, unless `blankIsNone`) is
 * named with the known ones.
 */
function namesOf<Name extends string>(what: string, known: readonly Name[], blankIsNone: boolean) {
  const parse = (text: string) =>
    text
      .split(',')
      .map((name) => name.trim())
      .filter((name) => !blankIsNone || name !== '');
  return z
    .string()
    .refine((text) => parse(text).every((name) => (known as readonly string[]).includes(name)), {
      error: (issue) => {
        const unknown = parse(String(issue.input)).filter(
          (name) => !(known as readonly string[]).includes(name),
        );
        return `unknown ${what} ${unknown.join(', ')} (known: ${known.join(', ')})`;
      },
    })
    .transform((text) => parse(text) as Name[]);
}

/** The size the benchmark compares search engines at, when --sizes is not given. */
export const COMPARISON_SIZE = 10_000;

/** The size Lighthouse audits the site at, when --sizes is not given: the hosting budget's. */
export const LIGHTHOUSE_SIZE = 35_000;

export const BENCH_COMMAND_LINE = z.object({
  sizes: documented(positiveIntegers('sizes').optional(), {
    flag: 'sizes',
    placeholder: 'N,N,...',
    description: `Organisations of each size the benchmark runs at (default ${BENCHMARK_DEFAULTS.sizes.join(',')}, or ${COMPARISON_SIZE} with --compare; 100000 for the site's largest target).`,
  }),
  stages: documented(namesOf<Stage>('stage', STAGES, false).optional(), {
    flag: 'stages',
    placeholder: 'S,S,...',
    description: `Any of ${STAGES.join(', ')} (default all, or site with --compare); a stage left out reuses what an earlier run left.`,
  }),
  latencyMs: documented(z.number().min(0).default(BENCHMARK_DEFAULTS.latencyMs), {
    flag: 'latency-ms',
    placeholder: 'N',
    description: "The sample API's delay per answer in the crawl, in milliseconds.",
  }),
  jitterMs: documented(z.number().min(0).default(BENCHMARK_DEFAULTS.jitterMs), {
    flag: 'jitter-ms',
    placeholder: 'N',
    description: 'Its variation either way, in milliseconds.',
  }),
  concurrency: documented(z.number().min(1).default(BENCHMARK_DEFAULTS.concurrency), {
    flag: 'concurrency',
    placeholder: 'N',
    description: "The crawler's requests in flight.",
  }),
  searchCaps: documented(positiveIntegers('search-caps').prefault(BENCHMARK_DEFAULTS.searchCaps.join(',')), {
    flag: 'search-caps',
    placeholder: 'N,N',
    description:
      "The sweep stage's search caps: one crawl each, with every default of the crawler, of a sample API that cuts each answer there.",
  }),
  compare: documented(namesOf<Comparison>('engine', COMPARISONS, true).optional(), {
    flag: 'compare',
    placeholder: COMPARISONS.join('|'),
    description: `Also index the site with Pagefind and time both engines side by side, over one http server (orgdir from file:// too); with it, sizes default to ${COMPARISON_SIZE} and stages to site.`,
  }),
  network: documented(z.enum(Object.keys(NETWORKS) as [Network, ...Network[]]).optional(), {
    flag: 'network',
    placeholder: Object.keys(NETWORKS).join('|'),
    description:
      "With --compare: serve both engines through a phone's network instead (150 ms a round trip and one more a new connection, 1.6 Mbit/s shared, text gzipped) and time their cold queries, 5 loads each, with the requests each made before its first results.",
  }),
  lighthouse: documented(z.boolean().default(false), {
    flag: 'lighthouse',
    description: `Also audit each page kind of the site with Lighthouse (mobile defaults, over http); with it, sizes default to ${LIGHTHOUSE_SIZE} and stages to site.`,
  }),
  against: documented(z.string().min(1).optional(), {
    flag: 'against',
    placeholder: 'REV',
    description: `Also build the site with the code of git revision REV and with this checkout in turn (--pairs times each, the order turned each pair), over the same data, and report the ratios; the site's paired targets are against ${TARGETS.pairedBaseline} at ${TARGETS.pairedOrganisations.toLocaleString('en')} organisations. With it, sizes default to ${TARGETS.pairedOrganisations} and stages to none.`,
  }),
  pairs: documented(z.number().int().min(1).default(3), {
    flag: 'pairs',
    placeholder: 'N',
    description: 'Builds of each side with --against.',
  }),
  seed: documented(z.string().default(BENCHMARK_DEFAULTS.seed), {
    flag: 'seed',
    placeholder: 'S',
    description: "The sample register's seed.",
  }),
  report: documented(z.string().default('BENCHMARKS.md'), {
    flag: 'report',
    placeholder: 'FILE',
    description: 'The Markdown report.',
  }),
  json: documented(z.string().default('benchmarks.json'), {
    flag: 'json',
    placeholder: 'FILE',
    description: 'The figures as JSON.',
  }),
  trial: documented(z.boolean().default(false), {
    flag: 'trial',
    description: `Write only ${BENCHMARK_DEFAULTS.workDir}/latest.json, not the report files.`,
  }),
  merge: documented(z.boolean().default(false), {
    flag: 'merge',
    description: 'Keep the figures of the JSON file for what this run does not measure.',
  }),
  profile: documented(z.string().optional(), {
    flag: 'profile',
    placeholder: 'DIR',
    description: 'Write a V8 CPU profile of each crawl and site process into DIR.',
  }),
});
