// npm run build -- [--accept REASON] [--reuse-crawl] [--keep-editions N] [crawl options]: crawls the API, checks the
// crawl against the previous edition, renders the site and publishes data, site and edition
// together (src/editions/publish.ts). With no ORGDIR_API_URL it crawls the built-in sample API.
//
// Exit codes: 0 published; 1 the crawl did not complete or the publish guard stopped the build
// (the live data and site are unchanged); 2 a configuration error or a refused key.
import { rmSync } from 'node:fs';
import { basename } from 'node:path';
import { buildSite } from '../src/site/build.ts';
import { leftOutLines } from '../src/site/database.ts';
import { readSiteRecords, type ReadSite } from '../src/site/site-records.ts';
import { crawl } from '../src/crawl/crawl.ts';
import { CrawlConfigError, type CrawlOptions } from '../src/crawl/options.ts';
import { crawlHelp, parseCrawlCommandLine } from '../src/crawl/command-line.ts';
import { createProgressReporter } from '../src/crawl/progress.ts';
import { formatSummary } from '../src/crawl/summary.ts';
import {
  dataDir,
  editionsDir,
  keepEditions,
  releaseUrl,
  siteBudget,
  siteDir,
  siteUrl,
} from '../src/config.ts';
import { formatHostingReport, judgeHosting } from '../src/hosting/limits.ts';
import { formatBytes } from '../src/lib/bytes.ts';
import { publishBuild, stagingPaths } from '../src/editions/publish.ts';
import { startSampleApi, type RunningSampleApi } from '../src/sample-api/server.ts';
import { WriteFailure } from '../src/storage/write-failure.ts';

const HELP = `Usage: npm run build -- [build options] [crawl options]

Crawls the API into DATA.next, checks it against the previous edition (the publish guard),
renders the site into SITE.next and swaps data, site and the new edition in together.

Build options:
  --accept REASON        publish even if the publish guard objects; REASON is recorded in the edition
  --keep-editions N      editions kept [env ORGDIR_KEEP_EDITIONS] (default 30)
  --reuse-crawl          do not crawl: judge (and with --accept publish) the crawl that the last
                         build left in DATA.next
  --site-budget SIZE     refuse to publish a site bigger than this, e.g. 500MB [env ORGDIR_SITE_BUDGET]
                         (default 1GB, GitHub Pages' limit)
  --record-files         also publish each record as the register gave it, record/<id>.json, linked
                         from its page (about 2.6 kB an organisation; every record is in the
                         downloads anyway)
  --help                 this text

Environment: ORGDIR_DATA_DIR (default data), ORGDIR_SITE_DIR (default dist; the release folder,
with the offline copy and the edition, is written beside it as DIST-release), ORGDIR_EDITIONS_DIR
(default editions), ORGDIR_SITE_URL (the public address: feed, canonical links, sitemap),
ORGDIR_RELEASE_URL (where the release folder is published: the site links the offline copy
there, and with an empty editions folder the previous edition is fetched from there).
Without ORGDIR_API_URL the built-in sample API is started and crawled.

`;

class UsageError extends Error {}

/** Takes the build's own flags out of the command line; the rest are the crawler's. */
function splitArguments(argv: readonly string[]) {
  const own: {
    accept?: string;
    keep?: string;
    help?: boolean;
    reuseCrawl?: boolean;
    budget?: string;
    recordFiles?: boolean;
  } = {};
  const rest: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] ?? '';
    const [flag, inline] = argument.includes('=') ? argument.split(/=(.*)/s, 2) : [argument, undefined];
    const value = () => {
      const given = inline ?? argv[++index];
      if (given === undefined || given.trim() === '') throw new UsageError(`${flag} needs a value`);
      return given;
    };
    if (flag === '--accept') own.accept = value();
    else if (flag === '--keep-editions') own.keep = value();
    else if (flag === '--help') own.help = true;
    else if (flag === '--reuse-crawl') own.reuseCrawl = true;
    else if (flag === '--site-budget') own.budget = value();
    else if (flag === '--record-files') own.recordFiles = true;
    else rest.push(argument);
  }
  return { own, rest };
}

async function main(): Promise<number> {
  const { own, rest } = splitArguments(process.argv.slice(2));
  if (own.help === true) {
    console.log(HELP + crawlHelp().replace(/^Usage:.*\n\n/, ''));
    return 0;
  }
  const keep = keepEditions(own.keep === undefined ? process.env : { ORGDIR_KEEP_EDITIONS: own.keep });
  const budget = siteBudget(own.budget === undefined ? process.env : { ORGDIR_SITE_BUDGET: own.budget });
  const releaseAddress = releaseUrl();
  const publicUrl = siteUrl();
  const parsed = parseCrawlCommandLine(rest, process.env);
  if (parsed.help) {
    console.log(HELP + crawlHelp());
    return 0;
  }
  let sample: RunningSampleApi | undefined;
  const crawlOptions: CrawlOptions = { ...parsed.options };
  if (crawlOptions.apiUrl === undefined && own.reuseCrawl !== true) {
    sample = await startSampleApi({});
    crawlOptions.apiUrl = sample.baseUrl;
    crawlOptions.key = sample.key;
    // Politeness is for the real service; the sample API is on this machine.
    crawlOptions.rate ??= 0;
    crawlOptions.concurrency ??= 8;
    console.error(`build: no ORGDIR_API_URL; crawling the built-in sample API at ${sample.baseUrl}`);
  }
  // The publish guard judges failed records (more than 1% stops the build): the crawl itself
  // publishes its folder whatever their number, unless told otherwise.
  crawlOptions.allowFailures ??= Number.MAX_SAFE_INTEGER;

  const controller = new AbortController();
  const interrupt = () => {
    if (controller.signal.aborted) process.exit(130);
    console.error('\nbuild: stopping the crawl (Ctrl-C again to quit at once); the next run resumes');
    controller.abort();
  };
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);

  const recordsFolder = `${stagingPaths({ dataDir: dataDir(), siteDir: siteDir() }).site}.records`;
  let read: ReadSite | undefined;
  try {
    const result = await publishBuild({
      dataDir: dataDir(),
      siteDir: siteDir(),
      editionsDir: editionsDir(),
      keep,
      ...(own.accept === undefined ? {} : { accept: own.accept }),
      ...(own.reuseCrawl === true ? { reuseCrawl: true } : {}),
      ...(publicUrl === undefined ? {} : { siteUrl: publicUrl }),
      ...(releaseAddress === undefined ? {} : { releaseUrl: releaseAddress }),
      siteBudget: budget,
      crawl: async (stagingDir) => {
        const reporter = createProgressReporter(
          process.stderr,
          crawlOptions.progress ?? 'auto',
          crawlOptions.progressIntervalMs ?? 10_000,
        );
        const summary = await crawl({
          ...crawlOptions,
          dataDir: stagingDir,
          reporter,
          signal: controller.signal,
        });
        reporter.stop();
        // A configuration error or a refused key is said once, in the build's own last line.
        if (summary.exitCode !== 2) console.error(formatSummary(summary));
        return summary;
      },
      // The crawl's records are read once: for the edition and, in the same reading, for the site.
      readRecords: (data, visit) => {
        read = readSiteRecords(data, recordsFolder, { recordFiles: own.recordFiles === true, also: visit });
      },
      renderSite: async (data, site, view) => {
        const summary = await buildSite({
          dataDir: data,
          siteDir: site,
          // The publish swaps the new site in, with the data and the edition.
          swapIn: 'rename',
          editions: view,
          ...(read && { read }),
          recordFiles: own.recordFiles === true,
          ...(publicUrl === undefined ? {} : { siteUrl: publicUrl }),
          ...(releaseAddress === undefined ? {} : { releaseUrl: releaseAddress }),
        });
        read = undefined;
        console.error(
          `site: ${summary.pages} pages, ${summary.files} files, ${(summary.bytes / 1e6).toFixed(1)} MB`,
        );
        const { database } = summary;
        console.error(
          `site: database ${basename(database.path)} (${formatBytes(database.bytes, 'limit')}), sha256 ${database.sha256}`,
        );
        for (const line of leftOutLines(database.leftOut)) console.error(line);
        for (const archive of summary.archives) {
          console.error(
            `site: offline copy ${basename(archive.path)} (${formatBytes(archive.bytes, 'limit')}), sha256 ${archive.sha256}`,
          );
        }
        return summary.hosting;
      },
      log: (line) => console.error(line),
    });
    // On stderr with the rest of the build's account; stdout carries only its verdict.
    if (result.site !== undefined) console.error(formatHostingReport(result.site, judgeHosting(result.site)));
    (result.exitCode === 0 ? console.log : console.error)(`build: ${result.message}`);
    return result.exitCode;
  } finally {
    read = undefined;
    rmSync(recordsFolder, { recursive: true, force: true });
    await sample?.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError || error instanceof CrawlConfigError || error instanceof RangeError) {
      console.error(`build: ${error.message.replace(/ \(see --help\)$/, '')} (see --help)`);
      process.exitCode = 2;
    } else if (error instanceof WriteFailure) {
      console.error(`build: nothing was published: ${error.message}`);
      process.exitCode = 1;
    } else {
      console.error(error);
      process.exitCode = 1;
    }
  },
);
