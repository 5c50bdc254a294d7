// npm run bench:match -- [flags]: times the list matcher over the sample register (see --help).
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { flagsHelp, readFlags, readSettings } from '../src/lib/command-line.ts';
import { loadAverage } from '../tests/bench/machine.ts';
import { median } from '../tests/bench/statistics.ts';
import {
  listLines,
  MATCH_BENCH_COMMAND_LINE,
  sampleMatchEntries,
  timeMatching,
  type MatchTiming,
} from '../tests/bench/match-timing.ts';

const HELP = [
  'Usage: npm run bench:match -- [flags]',
  '',
  'Matches a list of distinct lines (names as the register writes them and otherwise, typos, words',
  'reordered, numbers, made-up names) against the sample register, as match.html does, and prints',
  'the lines per second of each run and their median, with the load average.',
  '',
  ...flagsHelp(MATCH_BENCH_COMMAND_LINE),
  '  --help',
  '      Show this text.',
].join('\n');

class UsageError extends Error {}

function describe(run: number, timing: MatchTiming): string {
  const kinds = Object.entries(timing.byKind)
    .map(
      ([kind, figures]) =>
        `${kind} ${(figures.ms / figures.lines).toFixed(3)} ms/line (slowest ${figures.slowestMs.toFixed(1)})`,
    )
    .join('; ');
  return (
    `run ${run}: built in ${Math.round(timing.buildMs)} ms; ${timing.lines} lines in ` +
    `${(timing.matchMs / 1000).toFixed(1)} s, ${Math.round(timing.linesPerSecond)} lines/s ` +
    `(load ${loadAverage()})\n  ${kinds}`
  );
}

async function main(): Promise<number> {
  const flags = readFlags([MATCH_BENCH_COMMAND_LINE], process.argv.slice(2));
  if (!flags.ok) throw new UsageError(flags.problem);
  if (flags.value['help'] === true) {
    console.log(HELP);
    return 0;
  }
  const settings = readSettings(MATCH_BENCH_COMMAND_LINE, flags.value, {});
  if (!settings.ok) throw new UsageError(settings.problem);
  const { organisations, runs, seed, answers } = settings.value;
  const entries = sampleMatchEntries(seed, organisations);
  const lines = listLines(entries, settings.value.lines, seed);
  console.log(`${entries.length} organisations, ${lines.length} distinct lines (load ${loadAverage()})`);
  const speeds: number[] = [];
  for (let run = 1; run <= runs; run += 1) {
    const file = run === 1 && answers !== undefined ? createWriteStream(answers) : undefined;
    const timing = timeMatching(entries, lines, (result) =>
      file?.write(
        `${JSON.stringify([result.input, result.status, result.best ?? null, result.candidates])}\n`,
      ),
    );
    if (file) {
      file.end();
      await once(file, 'close');
    }
    speeds.push(timing.linesPerSecond);
    console.log(describe(run, timing));
  }
  const perSecond = median(speeds);
  console.log(
    `median ${Math.round(perSecond)} lines/s, ${(1000 / perSecond).toFixed(3)} ms a line, ` +
      `${(100_000 / perSecond).toFixed(1)} s for 100,000 lines (load ${loadAverage()})`,
  );
  return 0;
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    if (!(error instanceof UsageError)) throw error;
    console.error(`bench:match: ${error.message}\n\n${HELP}`);
    process.exitCode = 2;
  },
);
