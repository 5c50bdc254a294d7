// BENCHMARKS.md: the figures of one run as tables, with the machine, its load and the command.
import { formatBytes } from '../../src/lib/bytes.ts';
import {
  median,
  formatPairedRatio,
  pairedRatios,
  type BenchmarkResults,
  type PairedSiteFigures,
  type SizeResult,
} from './figures.ts';
import { historySection } from './history-report.ts';
import { mainThreadSection } from './main-thread-figures.ts';
import type { SearchBenchmark } from './search-timing.ts';
import { judgeHosting } from '../../src/hosting/limits.ts';

const MIB = 1024 ** 2;

/** A Markdown table; cells are escaped so that a `|` in a value cannot split a column. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const escape = (cell: string) => cell.replaceAll('|', '\\|');
  const widths = header.map((title, column) =>
    Math.max(3, escape(title).length, ...rows.map((row) => escape(row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => escape(cell).padEnd(widths[column]!)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

const count = (value: number) => Math.round(value).toLocaleString('en');
const seconds = (value: number) => `${value.toFixed(1)} s`;
const mib = (bytes: number) => `${count(bytes / MIB)} MiB`;
const ms = (value: number) => `${Math.round(value)} ms`;
/** A row's calibration, or a dash for a row taken before runs recorded one per row. */
const calibrationCell = (figures: { calibrationMs?: number }) =>
  figures.calibrationMs === undefined ? '–' : `${figures.calibrationMs} ms`;

function crawlSection(results: BenchmarkResults, sizes: SizeResult[]): string[] {
  const measured = sizes.filter((size) => size.crawl !== undefined);
  if (measured.length === 0) return [];
  const { latencyMs, jitterMs, concurrency } = results.settings;
  return [
    '## Crawl',
    '',
    `The sample API answers every request after ${latencyMs} ms (jitter ${jitterMs} ms); the crawler keeps ` +
      `${concurrency} requests in flight with no rate limit. The lists name fewer than half of the ` +
      'organisations, so the crawl runs with `--discover`, and the sample API answers each search with ' +
      'every match (its cap raised to the register size), so that the sweep reaches every organisation. ' +
      'R counts every request the sample API received (lists, searches, records); the bound R·L/C is ' +
      'the time those requests take when nothing else costs time. "Records from" is when the crawl, ' +
      'done with the lists and the search sweep, started on the records. Each crawl starts from an ' +
      'empty data folder (an earlier one is moved aside and deleted after the last figure). Every ' +
      'figure is from one crawl per size, not a median: wall time runs from the start of the crawl to ' +
      "its published folder, in the crawler's own process (the sample API's start-up and the " +
      'preparation of its records excluded); CPU is user plus system time of each process; peak RSS ' +
      "is the crawler process's high-water mark; load is the higher one-minute load average of the " +
      "stage's start and end.",
    '',
    markdownTable(
      [
        'organisations',
        'requests R',
        'bound R·L/C',
        'wall time',
        'ratio',
        'crawler CPU',
        'sample API CPU',
        'crawler peak RSS',
        'records from',
        'load',
      ],
      measured.map(({ crawl }) => [
        count(crawl!.organisations),
        count(crawl!.requests),
        seconds(crawl!.boundSeconds),
        seconds(crawl!.wallSeconds),
        `${crawl!.ratio.toFixed(2)}×`,
        seconds(crawl!.cpuSeconds),
        seconds(crawl!.apiCpuSeconds),
        mib(crawl!.peakRssBytes),
        crawl!.phases['organisations'] === undefined ? '' : seconds(crawl!.phases['organisations']),
        crawl!.loadAverage.toFixed(1),
      ]),
    ),
    '',
  ];
}

function sweepSection(results: BenchmarkResults, sizes: SizeResult[]): string[] {
  const rows = sizes.flatMap((size) => (size.sweeps ?? []).map((sweep) => sweep));
  if (rows.length === 0) return [];
  const { latencyMs, concurrency } = results.settings;
  return [
    '## The search sweep',
    '',
    'How much of the register a crawl with every default reaches when most organisations are on no ' +
      'list (57% in the sample register) and the search cuts each answer at a cap without a word: one ' +
      `crawl per size and cap, the sample API answering after ${latencyMs} ms, the crawler at ` +
      `concurrency ${concurrency} and no rate limit. "Stored" is the share of the register whose ` +
      'record the crawl stored; "searches" the searches the API answered, seeds and splits included, ' +
      'as a share of the organisations; "capped" the answers at the cap and, of them, those searched ' +
      'past (every organisation they returned seen again in an answer under the cap); R·L/C counts ' +
      'every request, searches included.',
    '',
    markdownTable(
      [
        'organisations',
        'cap',
        'on lists',
        'stored',
        'searches',
        'capped (searched past)',
        'stopped',
        'requests',
        'R·L/C',
        'wall',
        'ratio',
        'crawler CPU',
      ],
      rows.map((sweep) => [
        count(sweep.organisations),
        count(sweep.searchCap),
        count(sweep.listed),
        `${(sweep.coverage * 100).toFixed(2)}% (${count(sweep.stored)})`,
        `${count(sweep.searches)} (${(sweep.searchShare * 100).toFixed(1)}%)`,
        `${count(sweep.cappedAnswers)} (${count(sweep.cappedAnswersSplit)})`,
        sweep.stopped,
        count(sweep.requests),
        seconds(sweep.boundSeconds),
        seconds(sweep.wallSeconds),
        `${sweep.ratio.toFixed(2)}×`,
        seconds(sweep.cpuSeconds),
      ]),
    ),
    '',
  ];
}

const SITE_COLUMNS = [
  'organisations',
  'pages',
  'render',
  'pages/s',
  'ms/page',
  'whole stage',
  'peak RSS',
  'output',
  'load',
  'calibration',
];

const SEARCH_COLUMNS = [
  'organisations',
  'index on disk',
  'files',
  'client',
  'keystroke, fresh page',
  'keystroke, new phrase on a warm page',
  'load',
  'calibration',
];

const PAGEFIND_INDEX_COLUMNS = [
  'organisations',
  'index on disk (orgdir / Pagefind)',
  'Pagefind indexing',
  'keystroke median (orgdir file:// / Pagefind)',
  'worst keystroke (orgdir file:// / Pagefind)',
  'worst ÷ Pagefind',
  'load',
  'calibration',
];

function siteSection(sizes: SizeResult[]): string[] {
  const measured = sizes.filter((size) => size.site !== undefined);
  if (measured.length === 0) return [];
  const steps = [...new Set(measured.flatMap(({ site }) => Object.keys(site!.timings)))];
  const smallest = measured[0]!.site!;
  const lines = [
    '## Site',
    '',
    "Rendering is Astro's page step, four pages at a time, while the site's two archives are written " +
      'on threads of their own (their CPU counts in the step); pages per second count every HTML page ' +
      'it wrote. The whole stage ' +
      'runs in a process of its own, from reading the data folder to the last archive; peak RSS is the most ' +
      'resident memory of that process and its children together (sampled every 100 ms), or the ' +
      "process's own high-water mark when that is higher. The site folder is new for each build " +
      '(an earlier one is moved aside and deleted after the last figure); replacing a live site adds ' +
      'the time to delete the old one (9 s for 63,000 files at 30,000 organisations here). Every ' +
      'figure is from one build per size, not a median: "render" is the page step alone; "whole ' +
      'stage" includes the search index, the downloads, the archives and the swap.',
    '',
    markdownTable(
      SITE_COLUMNS,
      measured.map(({ site }) => [
        count(site!.organisations),
        count(site!.pages),
        seconds(site!.renderSeconds),
        count(site!.pagesPerSecond),
        site!.msPerPage.toFixed(2),
        seconds(site!.totalSeconds),
        mib(site!.peakRssBytes),
        `${count(site!.files)} files, ${formatBytes(site!.bytes)}`,
        site!.loadAverage.toFixed(1),
        calibrationCell(site!),
      ]),
    ),
    '',
  ];
  if (measured.length > 1) {
    lines.push(
      `Per-page cost against ${count(smallest.organisations)} organisations: ` +
        measured
          .slice(1)
          .map(
            ({ site }) =>
              `${(site!.msPerPage / smallest.msPerPage).toFixed(2)}× at ${count(site!.organisations)}`,
          )
          .join(', ') +
        '.',
      '',
    );
  }
  lines.push(
    'Each step: wall seconds (CPU seconds of the process), and the peak memory of the process by ' +
      "the step's end. The search index is built after the read, in a child process of its own: its CPU and " +
      'memory are not in its cell, but its memory is in the peak RSS above. The archives step is only ' +
      'what is left of them once the pages are written.',
    '',
    markdownTable(
      ['organisations', ...steps],
      measured.map(({ site }) => [
        count(site!.organisations),
        ...steps.map((step) =>
          site!.timings[step] === undefined
            ? ''
            : `${site!.timings[step]!.toFixed(1)} (${(site!.cpuTimings[step] ?? 0).toFixed(1)})` +
              (site!.peakMemory[step] === undefined ? '' : `, ${mib(site!.peakMemory[step]!)}`),
        ),
      ]),
    ),
    '',
  );
  return lines;
}

/** The steps either side printed, in the order they ran. */
function pairedSteps(paired: PairedSiteFigures): string[] {
  const names = new Set<string>();
  for (const pair of paired.pairs) {
    for (const build of [pair.against, pair.checkout])
      for (const step of Object.keys(build.steps ?? {})) names.add(step);
  }
  return [...names];
}

/** Each side's median time of each step, as the commands printed them. */
function pairedStepsLines(paired: PairedSiteFigures, older: string, newer: string): string[] {
  const steps = pairedSteps(paired);
  if (steps.length === 0) return [];
  return [
    "Each step's wall seconds (CPU seconds), the median over the pairs, as each command printed them:",
    '',
    markdownTable(
      ['side', ...steps],
      (['against', 'checkout'] as const).map((side) => [
        side === 'against' ? older : newer,
        ...steps.map((step) => {
          const timed = paired.pairs.flatMap((pair) => pair[side].steps?.[step] ?? []);
          if (timed.length === 0) return '–';
          const wall = median(timed.map((time) => time.seconds));
          const cpu = median(timed.map((time) => time.cpuSeconds));
          return `${wall.toFixed(1)} (${cpu.toFixed(1)})`;
        }),
      ]),
    ),
    '',
  ];
}

/** The site command of this checkout beside an earlier revision's, pair by pair (`--against`). */
function pairedSiteSection(sizes: SizeResult[]): string[] {
  const measured = sizes.filter((size) => size.pairedSite !== undefined);
  if (measured.length === 0) return [];
  const lines = [
    '## Site, paired with an earlier revision',
    '',
    '`npm run site` of this checkout and of an earlier revision (its own code and Node flags, this ' +
      "checkout's packages), one after the other over the same data folder, each pair in the other " +
      'order than the one before; each build writes a new site folder, without the tar.gz copy. Wall ' +
      "time and peak memory (sampled every 100 ms) are of the command's processes together, measured " +
      "from outside; the page step's CPU (its process's, the archive threads included) is what each " +
      "command printed. A ratio is the earlier side's median over this checkout's: above 1, this " +
      'checkout takes less. The calibration workload ran before the first build and after the last. ' +
      'Where the page step\'s time goes: docs/performance.md, "What stands in the way".',
    '',
  ];
  for (const { pairedSite } of measured) {
    const paired = pairedSite!;
    const ratios = pairedRatios(paired);
    const older = paired.against.commit.slice(0, 7);
    const newer = `${paired.checkout.commit.slice(0, 7)}${paired.checkout.changed ? ' with changes' : ''}`;
    lines.push(
      `${count(paired.organisations)} organisations, ${older}` +
        (paired.against.commit.startsWith(paired.against.revision)
          ? ''
          : ` (\`${paired.against.revision}\`)`) +
        ` against ` +
        `${newer}; calibration ${paired.calibration.before} ms before and ${paired.calibration.after} ms ` +
        `after, load up to ${paired.loadAverage.toFixed(1)}:`,
      '',
      markdownTable(
        ['pair', 'side', 'pages', 'page step', 'page step CPU per page', 'whole command', 'CPU', 'peak'],
        paired.pairs.flatMap((pair, index) =>
          (pair.olderFirst ? (['against', 'checkout'] as const) : (['checkout', 'against'] as const)).map(
            (side) => {
              const build = pair[side];
              return [
                String(index + 1),
                side === 'against' ? older : newer,
                count(build.pages),
                seconds(build.pageStepSeconds),
                `${((1000 * build.pageStepCpuSeconds) / build.pages).toFixed(2)} ms`,
                seconds(build.wallSeconds),
                seconds(build.cpuSeconds),
                mib(build.peakRssBytes),
              ];
            },
          ),
        ),
      ),
      '',
      `Page step CPU per page ${formatPairedRatio(ratios.pageStepCpuPerPage)}; whole command ${formatPairedRatio(ratios.wall)}; ` +
        `its CPU ${formatPairedRatio(ratios.cpu)}; peak memory ${formatPairedRatio(ratios.peak)}.`,
      '',
    );
    lines.push(...pairedStepsLines(paired, older, newer));
  }
  return lines;
}

function hostingSection(sizes: SizeResult[]): string[] {
  const measured = sizes.filter((size) => size.site?.hosting !== undefined);
  if (measured.length === 0) return [];
  const hosts = judgeHosting(measured[0]!.site!.hosting!).map((verdict) => verdict.host);
  return [
    '## Hosting',
    '',
    'The site folder as a host takes it (the offline copy is written beside it, in the release ' +
      'folder), and whether each host accepts it (docs/publishing.md: "Hosts").',
    '',
    markdownTable(
      ['organisations', 'site', 'files', 'widest folder', 'offline copy', ...hosts],
      measured.map(({ organisations, site }) => {
        const hosting = site!.hosting!;
        return [
          count(organisations),
          formatBytes(hosting.bytes, 'limit'),
          count(hosting.files),
          `${hosting.widestFolder.path || '(root)'}/ ${count(hosting.widestFolder.entries)}`,
          site!.offlineBytes === undefined ? '' : formatBytes(site!.offlineBytes, 'limit'),
          ...judgeHosting(hosting).map((verdict) => (verdict.fits ? 'fits' : 'too big')),
        ];
      }),
    ),
    '',
    ...sitePartsLines(measured),
  ];
}

/** Each site's bytes by top-level folder, largest first: what each kind of page costs. */
function sitePartsLines(measured: SizeResult[]): string[] {
  const withParts = measured.filter(({ site }) => (site!.hosting!.parts ?? []).length > 0);
  if (withParts.length === 0) return [];
  return [
    "Where a site's bytes go, by top-level folder (org/ the organisation pages, search/ the index, " +
      'largest/ the largest-first listings, feed/ the feeds of counties, codes and funders, changes/ a ' +
      "night's changes beyond its first page); top-level pages and files are counted together:",
    '',
    markdownTable(
      ['organisations', 'bytes by folder, largest first'],
      withParts.map(({ organisations, site }) => [
        count(organisations),
        site!
          .hosting!.parts!.map(
            ({ path, bytes }) => `${path === '' ? 'top-level' : `${path}/`} ${formatBytes(bytes, 'limit')}`,
          )
          .join(', '),
      ]),
    ),
    '',
  ];
}

function pageWeightSection(sizes: SizeResult[]): string[] {
  const measured = sizes.filter((size) => size.pageWeight !== undefined);
  if (measured.length === 0) return [];
  return [
    '## Page weight',
    '',
    'Organisation pages as written, HTML only: the stylesheet and the outline of Ireland are shared files. ' +
      'Every organisation page is measured; the median and the largest of their sizes (1 kB = 1,000 bytes).',
    '',
    markdownTable(
      ['organisations', 'pages', 'median', 'largest', 'largest page'],
      measured.map(({ organisations, pageWeight: weight }) => [
        count(organisations),
        count(weight!.organisationPages),
        formatBytes(weight!.medianBytes),
        formatBytes(weight!.largestBytes),
        `\`${weight!.largestPage}\``,
      ]),
    ),
    '',
  ];
}

function searchSection(sizes: SizeResult[]): string[] {
  const measured = sizes.filter((size) => size.search !== undefined);
  if (measured.length === 0) return [];
  const queryRows = measured.flatMap(({ organisations, search }) =>
    search!.cold.map((query) => [
      count(organisations),
      query.kind,
      `\`${query.query}\``,
      count(query.total),
      count(query.indexFiles),
      formatBytes(query.indexBytes),
      ms(query.firstResultsMs),
    ]),
  );
  return [
    '## Search',
    '',
    'Cold page: Chromium opens `search.html?q=…` from file:// in a fresh context (nothing cached), ' +
      `${measured[0]!.search!.cold[0]?.runs ?? 0} times per query; "first results" is the median of ` +
      'those loads (the fastest is in `benchmarks.json`), from the start of navigation to the results on ' +
      'the page, the page, its script and the index files included. Bytes loaded are the index files ' +
      'that query asked for before its first results were drawn (by the start of each request, so the ' +
      "filters' counts that follow are left out); the client script is counted apart.",
    '',
    'Keystrokes: from a keystroke to its results drawn (the next animation frame), in a page whose ' +
      `index core has loaded (that load excluded). \`${measured[0]!.search!.keystrokes.typed}\` is typed ` +
      'one character at a time into a page that has answered nothing yet (a keystroke that loads a ' +
      `shard includes it), then \`${measured[0]!.search!.keystrokes.warmTyped}\`, which shares no word ` +
      "prefix with it, into the same page: the first phrase's shards are loaded, nothing of this one " +
      'was asked before. Each cell is the median and the largest over the keystrokes of one pass. A ' +
      "query typed a second time would be answered from the engine's memory of its last 64 words, " +
      'which no reader waits on: it is not measured.',
    '',
    markdownTable(
      SEARCH_COLUMNS,
      measured.map(({ organisations, search }) => [
        count(organisations),
        formatBytes(search!.index.bytes),
        count(search!.index.files),
        formatBytes(search!.clientBytes),
        `median ${ms(search!.keystrokes.medianFirstMs)}, max ${ms(search!.keystrokes.maxFirstMs)}`,
        `median ${ms(search!.keystrokes.medianWarmMs)}, max ${ms(search!.keystrokes.maxWarmMs)}`,
        search!.loadAverage.toFixed(1),
        calibrationCell(search!),
      ]),
    ),
    '',
    'The index by kind of file: terms and positions answer the query; docs hold what a result card ' +
      'shows (name, number, status, county, latest income and its year) and objects the start of the ' +
      'legal objects its excerpt quotes; facts are what the filters count and the income sort orders ' +
      "by; facets are the filters' options:",
    '',
    markdownTable(
      ['organisations', 'bytes (files) by kind'],
      measured.map(({ organisations, search }) => [
        count(organisations),
        Object.entries(search!.index.byKind)
          .sort(([, a], [, b]) => b.bytes - a.bytes)
          .map(([kind, { files, bytes }]) => `${kind} ${formatBytes(bytes)} (${count(files)})`)
          .join(', '),
      ]),
    ),
    '',
    'Cold page, one query each:',
    '',
    markdownTable(
      ['organisations', 'query', 'typed', 'matches', 'index files read', 'bytes loaded', 'first results'],
      queryRows,
    ),
    '',
  ];
}

function phoneSection(sizes: SizeResult[]): string[] {
  const measured = sizes.filter((size) => size.phone !== undefined);
  if (measured.length === 0) return [];
  const ratio = (ours: number, theirs: number) => (theirs > 0 ? `${(ours / theirs).toFixed(2)}×` : '–');
  const requests = (figures: { requests?: number } | undefined) => (figures?.requests ?? '–').toString();
  const rows = measured.flatMap(({ organisations, phone }) =>
    phone!.orgdir.map((ours) => {
      const theirs = phone!.pagefind.find((query) => query.query === ours.query);
      return [
        count(organisations),
        `\`${ours.query}\``,
        ms(ours.firstResultsMs),
        theirs ? ms(theirs.firstResultsMs) : '–',
        theirs ? ratio(ours.firstResultsMs, theirs.firstResultsMs) : '–',
        `${requests(ours)} / ${requests(theirs)}`,
        `${formatBytes(ours.indexBytes)} / ${theirs ? formatBytes(theirs.indexBytes) : '–'}`,
        String(ours.runs),
        phone!.loadAverage.toFixed(1),
        calibrationCell(phone!),
      ];
    }),
  );
  const { network } = measured[0]!.phone!;
  return [
    "## Search on a phone's network",
    '',
    `\`--compare pagefind --network phone\`: the same server serves both engines through a phone's network: ` +
      `${network.roundTripMs} ms before each answer (one more round trip for a new connection), every ` +
      `answer's bytes through one downlink of ${(network.downlinkBitsPerSecond / 1e6).toFixed(1)} Mbit/s that ` +
      'all answers in flight share, text gzipped; HTTP/1.1, so Chromium opens at most six connections; each ' +
      'file named by its version as nginx names it by default (its modification time and an entity tag, no ' +
      'Cache-Control), so that the browser may keep a file it has just read for a while. Each ' +
      'query is opened cold (a fresh context, nothing cached) and timed from the start of navigation to its ' +
      'first page of results drawn: the median of the runs. Requests are all those sent before the first ' +
      'results (the page, its scripts and styles, the index files; not one the browser answered from what it ' +
      "had just read, such as the worker's script); bytes are the index files' on disk, before gzip.",
    '',
    markdownTable(
      [
        'organisations',
        'query',
        'orgdir',
        'Pagefind',
        'orgdir ÷ Pagefind',
        'requests (orgdir / Pagefind)',
        'index bytes (orgdir / Pagefind)',
        'runs',
        'load average',
        'calibration',
      ],
      rows,
    ),
    '',
  ];
}

function pagefindSection(sizes: SizeResult[]): string[] {
  const measured = sizes.filter((size) => size.pagefind !== undefined);
  if (measured.length === 0) return [];
  const ratio = (ours: number, theirs: number) => (theirs > 0 ? `${(ours / theirs).toFixed(2)}×` : '–');
  const worst = (search: SearchBenchmark) =>
    Math.max(0, ...search.keystrokes.firstMs, ...search.keystrokes.warmMs);
  const medianKeystroke = (search: SearchBenchmark) =>
    median([...search.keystrokes.firstMs, ...search.keystrokes.warmMs]);
  const queryRows = measured.flatMap(({ organisations, pagefind: comparison }) =>
    comparison!.orgdirFile.cold.map((ours) => {
      const http = comparison!.orgdirHttp.cold.find((query) => query.query === ours.query);
      const theirs = comparison!.pagefind.cold.find((query) => query.query === ours.query);
      return [
        count(organisations),
        `\`${ours.query}\``,
        ms(ours.firstResultsMs),
        http ? ms(http.firstResultsMs) : '–',
        theirs ? ms(theirs.firstResultsMs) : '–',
        theirs ? ratio(ours.firstResultsMs, theirs.firstResultsMs) : '–',
        http && theirs ? ratio(http.firstResultsMs, theirs.firstResultsMs) : '–',
        formatBytes(ours.indexBytes),
        theirs ? formatBytes(theirs.indexBytes) : '–',
        `${count(ours.total)} / ${theirs ? count(theirs.total) : '–'}`,
      ];
    }),
  );
  return [
    '## Search beside Pagefind',
    '',
    "Pagefind (the `pagefind` package, a dev dependency) indexes the same built site's organisation " +
      'pages; one plain server on loopback serves the site and its files uncompressed; Chromium opens ' +
      "each engine's page with `?q=…` in a fresh context and times the start of navigation to the first " +
      'page of results drawn, the same number of results for both. Pagefind cannot run from file://; ' +
      'orgdir is timed both from file:// (the offline copy) and over http. Matches differ because the ' +
      'engines cut words differently (Pagefind stems, orgdir matches prefixes and a typo). Bytes are the ' +
      "index files a query asked for before its first results were drawn (each engine's code apart). Keystrokes are typed as in " +
      '"Search" below, in each engine\'s page. Where the time to first results goes, from the ' +
      'page\'s start to the worker and the files it reads: docs/performance.md ("Measuring", a cold ' +
      '`galway` from file://).',
    '',
    markdownTable(
      [
        'organisations',
        'query',
        'orgdir file://',
        'orgdir http',
        'Pagefind http',
        'file:// ÷ Pagefind',
        'http ÷ Pagefind',
        'orgdir bytes',
        'Pagefind bytes',
        'matches (orgdir / Pagefind)',
      ],
      queryRows,
    ),
    '',
    markdownTable(
      PAGEFIND_INDEX_COLUMNS,
      measured.map(({ organisations, pagefind: comparison }) => {
        const { orgdirFile, pagefind } = comparison!;
        return [
          count(organisations),
          `${formatBytes(orgdirFile.index.bytes)} / ${formatBytes(pagefind.index.bytes)}`,
          seconds(comparison!.index.seconds),
          `${ms(medianKeystroke(orgdirFile))} / ${ms(medianKeystroke(pagefind))}`,
          `${ms(worst(orgdirFile))} / ${ms(worst(pagefind))}`,
          ratio(worst(orgdirFile), worst(pagefind)),
          comparison!.loadAverage.toFixed(1),
          calibrationCell(comparison!),
        ];
      }),
    ),
    '',
  ];
}

function lighthouseSection(sizes: SizeResult[]): string[] {
  const measured = sizes.filter((size) => size.lighthouse !== undefined);
  if (measured.length === 0) return [];
  const version = measured[0]!.lighthouse!.version;
  return [
    '## Lighthouse',
    '',
    `Lighthouse ${version} (the \`lighthouse\` package, a dev dependency) audits each page kind with its ` +
      'mobile defaults (a simulated mid-range phone on a slow network) in the Chromium the tests use, the ' +
      'site served uncompressed by one plain server on loopback. Each kind is represented by its heaviest ' +
      'page in the site (the search page with the query shown); each page is audited several times and the ' +
      "run with the median performance score is shown. The site's robots.txt is not audited: Lighthouse " +
      "fetches it from inside the page, which the site's `default-src 'none'` policy refuses.",
    '',
    ...measured.flatMap(({ lighthouse }) => {
      const night = lighthouse!.nightOfChanges;
      return night === undefined
        ? []
        : [
            "The changes pages audited are a night's of a register of 2,500 organisations built twice as a " +
              'publisher builds it, the second time 24 editions of the sample register on ' +
              `(\`night/\` in the path): ${count(night.added + night.removed + night.changed)} changes ` +
              `(${count(night.added)} added, ${count(night.removed)} removed, ${count(night.changed)} changed). ` +
              "A changes page weighs what its night's changes do, whatever the register's size.",
            '',
          ];
    }),
    markdownTable(
      [
        'organisations',
        'page',
        'path',
        'performance',
        'accessibility',
        'total blocking time',
        'layout shift',
        'largest paint',
        'accessibility failures',
        'load',
      ],
      measured.flatMap(({ organisations, lighthouse }) =>
        lighthouse!.pages.map((page) => [
          count(organisations),
          page.kind,
          `\`${page.path}\``,
          String(page.performance),
          String(page.accessibility),
          ms(page.totalBlockingTimeMs),
          page.cumulativeLayoutShift.toFixed(3),
          ms(page.largestContentfulPaintMs),
          [page.accessibilityFailures.join(', ') || 'none', page.problem && `(Lighthouse: ${page.problem})`]
            .filter(Boolean)
            .join(' '),
          lighthouse!.loadAverage.toFixed(1),
        ]),
      ),
    ),
    '',
  ];
}

/** The whole of BENCHMARKS.md. */
export function formatBenchmarkReport(results: BenchmarkResults): string {
  const { machine } = results;
  const sizes = [...results.sizes].sort((a, b) => a.organisations - b.organisations);
  const lines = [
    '# Benchmarks',
    '',
    `Measured ${results.date.slice(0, 16).replace('T', ' ')} UTC with \`${results.command}\` ` +
      `on ${machine.cpu}, ${machine.cores} cores, ${(machine.memoryBytes / 1024 ** 3).toFixed(0)} GiB of memory, ` +
      `${machine.os}, Node.js ${machine.node}. One-minute load average ${results.loadAverage.start.toFixed(1)} at ` +
      `the start and ${results.loadAverage.end.toFixed(1)} at the end (each stage's own is in its table)` +
      (Math.max(results.loadAverage.start, results.loadAverage.end) > machine.cores
        ? `: above ${machine.cores}, other processes were waiting for the cores, and the times are pessimistic. `
        : '. ') +
      (results.calibration === undefined
        ? ''
        : `A fixed workload (${results.calibration.workload}) took ${results.calibration.medianMs} ms ` +
          `(median of ${results.calibration.runs}) on this machine during the last run: a time divided by ` +
          "it compares with another day's. The site, search and Pagefind tables give each row's own, " +
          'from the run that took it (a dash for a row from before rows recorded one). ') +
      "The data is the sample API's register (seed " +
      `\`${results.settings.seed}\`). The figures are also in \`benchmarks.json\`.`,
    '',
  ];
  if (results.targets.length > 0) {
    lines.push(
      '## Targets',
      '',
      markdownTable(
        ['stage', 'target', 'measured', 'met'],
        results.targets.map((check) => [check.stage, check.target, check.measured, check.met ? 'yes' : 'no']),
      ),
      '',
    );
  }
  lines.push(
    ...crawlSection(results, sizes),
    ...sweepSection(results, sizes),
    ...siteSection(sizes),
    ...pairedSiteSection(sizes),
    ...hostingSection(sizes),
    ...pageWeightSection(sizes),
    ...searchSection(sizes),
    ...mainThreadSection(sizes, markdownTable),
    ...pagefindSection(sizes),
    ...phoneSection(sizes),
    ...lighthouseSection(sizes),
    ...historySection(sizes, markdownTable),
  );
  return `${lines.join('\n').trimEnd()}\n`;
}
