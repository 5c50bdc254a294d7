// BENCHMARKS.md's section of the history stage: the first edition file by file, its snapshot
// gzipped each way with the time it took, the nights measured and the year scaled from them.
import { formatBytes } from '../../src/lib/bytes.ts';
import { mb2, type HistoryFigures } from './history-figures.ts';
import { median } from './statistics.ts';

type Table = (header: readonly string[], rows: readonly (readonly string[])[]) => string;

const count = (value: number) => Math.round(value).toLocaleString('en');
const seconds = (value: number) => `${value.toFixed(1)} s`;

function nightsCell(values: readonly number[], format: (value: number) => string): string {
  return `${format(median(values))} (${format(Math.min(...values))}–${format(Math.max(...values))})`;
}

/** The section, or nothing when no size ran the stage; `table` writes a Markdown table. */
export function historySection(sized: readonly { history?: HistoryFigures }[], table: Table): string[] {
  const measured = sized.flatMap((size) => (size.history === undefined ? [] : [size.history]));
  if (measured.length === 0) return [];
  return [
    '## History',
    '',
    'What keeping every edition costs (docs/publishing.md: "History kept for good"). The sample register\'s ' +
      'crawl is written in-process as a complete crawl stores it (`tests/bench/sample-crawl.ts`; where the crawl ' +
      "stage left a complete crawl of the same size, the two are compared), and each edition is written by the build's " +
      'own code (`prepareEdition`, then published as a build publishes it): the first edition, then ordinary nights ' +
      'on which 1% of the organisations change their record, a third each a new financial year, a new address or a ' +
      "new director (`tests/bench/nightly-changes.ts`). A night's bytes are what the editions folder grew by " +
      "(its edition's files, less the list of former organisations the edition before gives up); the history file " +
      `is the release's \`orgdir-editions.jsonl.gz\`, written from the folder as a build writes it. The year is ` +
      'not measured: it is scaled from the median night, the deltas chained until they would outweigh the keyframe ' +
      'or pass 100, as the editions writer chains them.',
    '',
    table(
      [
        'organisations',
        'register, uncompressed',
        'first edition',
        'its files',
        'written in',
        'same as a crawl',
      ],
      measured.map((figures) => [
        count(figures.organisations),
        mb2(figures.registerBytes),
        mb2(figures.firstEdition.bytes),
        Object.entries(figures.firstEdition.files)
          .map(([name, bytes]) => `${name} ${formatBytes(bytes)}`)
          .join(', '),
        seconds(figures.firstEdition.seconds),
        figures.crawlCheck === undefined ? 'not compared' : figures.crawlCheck.same ? 'yes' : 'no',
      ]),
    ),
    '',
    "The first edition's snapshot gzipped each way (the lines grouped by sub-sector, county and name, as a " +
      'keyframe stores them, or in the order its hash covers them, by id):',
    '',
    table(
      ['organisations', 'written', 'bytes', 'time'],
      measured.flatMap((figures) =>
        figures.snapshotWrites.map((write) => [
          count(figures.organisations),
          write.label,
          mb2(write.bytes),
          seconds(write.seconds),
        ]),
      ),
    ),
    '',
    table(
      [
        'organisations',
        'nights',
        'changed a night',
        'a night adds (median, range)',
        'its delta',
        'history file grows',
        'written in',
        'a year: editions folder',
        'a year: history file',
        'keyframes, deltas',
        'whole stage',
        'load',
      ],
      measured.map((figures) => [
        count(figures.organisations),
        String(figures.nights.length),
        count(median(figures.nights.map((night) => night.changed))),
        nightsCell(
          figures.nights.map((night) => night.bytes),
          formatBytes,
        ),
        nightsCell(
          figures.nights.map((night) => night.registerBytes),
          formatBytes,
        ),
        nightsCell(
          figures.nights.map((night) => night.historyBytes),
          formatBytes,
        ),
        nightsCell(
          figures.nights.map((night) => night.seconds),
          seconds,
        ),
        mb2(figures.year.editionsBytes),
        mb2(figures.year.historyBytes),
        `${figures.year.keyframes}, ${figures.year.deltas}`,
        figures.cpuSeconds === undefined
          ? seconds(figures.wallSeconds)
          : `${seconds(figures.wallSeconds)} (CPU ${seconds(figures.cpuSeconds)})`,
        figures.loadAverage.toFixed(1),
      ]),
    ),
    '',
  ];
}
