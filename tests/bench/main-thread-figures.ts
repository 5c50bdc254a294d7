// The page's own thread while a reader waits: the longest task the search page runs from its
// opening with a query to its results and filters' counts drawn, and the longest the list
// matcher's page runs while it matches a file of 100,000 lines. A click or a keystroke waits for
// the task under way, so the longest task is the longest the page can keep a reader waiting.
// Measured by tests/bench/main-thread.ts in the search stage; held here to its target and written
// as BENCHMARKS.md's section, kept pure so that a unit test can hold both.

/** The longest a task of the page's thread may take, in ms: a wait a reader barely notices. */
const LONGEST_TASK_MS = 200;

/** One page, opened cold one or more times: what Chromium reported of its thread each time. */
export interface PageThread {
  /** Each run's longest task in ms; 0 when no task passed 50 ms, the least Chromium reports. */
  longestTaskMs: number[];
  /** Each run's tasks over 50 ms. */
  longTasks: number[];
}

export interface MainThreadFigures {
  /** `search.html?q=…` from file://, from its opening until its results and filters' counts are drawn. */
  search: PageThread & { query: string };
  /** match.html from file://, from the click on Match until the rows it shows are drawn. */
  match: PageThread & {
    /** Lines of the file, each different from the others. */
    lines: number;
    /** Each run's seconds from the click to "Matched". */
    seconds: number[];
  };
}

interface ThreadCheck {
  stage: 'search' | 'match';
  target: string;
  measured: string;
  met: boolean;
}

const count = (value: number) => Math.round(value).toLocaleString('en');
const worst = (thread: PageThread) => Math.max(0, ...thread.longestTaskMs);
const runsOf = (thread: PageThread) =>
  thread.longestTaskMs.length === 1 ? 'one run' : `longest of ${thread.longestTaskMs.length} runs`;

/** Each page's longest task against LONGEST_TASK_MS, at one size of register. */
export function mainThreadChecks(organisations: number, figures: MainThreadFigures): ThreadCheck[] {
  const label = `${count(organisations)} organisations`;
  const { search, match } = figures;
  return [
    {
      stage: 'search',
      target: `${label}: \`search.html?q=${search.query}\` from file://, opened until its results and filters' counts are drawn: longest task ≤ ${LONGEST_TASK_MS} ms`,
      measured: `${Math.round(worst(search))} ms (${runsOf(search)})`,
      met: worst(search) <= LONGEST_TASK_MS,
    },
    {
      stage: 'match',
      target: `${label}: match.html from file://, a file of ${count(match.lines)} lines matched: longest task ≤ ${LONGEST_TASK_MS} ms`,
      measured: `${Math.round(worst(match))} ms (${runsOf(match)}; matched in ${match.seconds.map((value) => `${value.toFixed(1)} s`).join(', ')})`,
      met: worst(match) <= LONGEST_TASK_MS,
    },
  ];
}

type Table = (header: readonly string[], rows: readonly (readonly string[])[]) => string;

interface Sized {
  organisations: number;
  search?: { mainThread?: MainThreadFigures; loadAverage: number; calibrationMs?: number };
}

const eachRun = (values: readonly number[], format: (value: number) => string) =>
  values.map(format).join(', ');

/** BENCHMARKS.md's section, or nothing when no size measured the pages' threads; `table` writes a Markdown table. */
export function mainThreadSection(sizes: readonly Sized[], table: Table): string[] {
  const measured = sizes.filter((size) => size.search?.mainThread !== undefined);
  if (measured.length === 0) return [];
  const rows = measured.flatMap(({ organisations, search }) => {
    const { search: searchPage, match } = search!.mainThread!;
    const shared = [
      search!.loadAverage.toFixed(1),
      search!.calibrationMs === undefined ? '–' : `${search!.calibrationMs} ms`,
    ];
    return [
      [
        count(organisations),
        `\`search.html?q=${searchPage.query}\`, opened until its results and filters' counts are drawn`,
        eachRun(searchPage.longestTaskMs, (value) => `${Math.round(value)} ms`),
        eachRun(searchPage.longTasks, String),
        ...shared,
      ],
      [
        count(organisations),
        `match.html, ${count(match.lines)} lines matched (${eachRun(match.seconds, (value) => `${value.toFixed(1)} s`)})`,
        eachRun(match.longestTaskMs, (value) => `${Math.round(value)} ms`),
        eachRun(match.longTasks, String),
        ...shared,
      ],
    ];
  });
  return [
    "## The page's thread",
    '',
    "The longest task on a page's own thread while a reader waits: a click or a keystroke is " +
      'answered only once the task under way ends. Chromium reports every task over 50 ms ' +
      "(`PerformanceObserver`, `longtask`); a page's work in its worker is not on its thread. Both " +
      'pages are opened from file:// in a fresh context. The search page is opened with its query ' +
      "in the address and watched until its results and its filters' counts are drawn, each run " +
      'cold. The list matcher is given a CSV file of distinct lines made as `npm run bench:match` ' +
      'makes them (tests/bench/match-timing.ts) and watched from the click on Match until the rows ' +
      'it shows are drawn; the seconds are from the click to "Matched". 0 ms: no task passed ' +
      '50 ms.',
    '',
    table(
      ['organisations', 'page', 'longest task, each run', 'tasks over 50 ms', 'load', 'calibration'],
      rows,
    ),
    '',
  ];
}
