// npm run build -- [build options] [crawl options]: crawls the API, checks the crawl against the
// previous edition, renders the site and publishes data, site and edition together
// (src/editions/publish.ts). With no ORGDIR_API_URL it crawls the built-in sample API.
//
// Exit codes: 0 published; 1 the crawl did not complete or the publish guard stopped the build
// (the live data and site are unchanged); 2 a configuration error or a refused key.
//
// The crawl, the site's build (Astro among it) and the publish are loaded once the command line
// has been read: a mistake in it, or --help, is answered at once.
import { rmSync } from 'node:fs';
import { basename } from 'node:path';
import type { SiteSummary } from '../src/site/build.ts';
import { leftOutLines } from '../src/site/database.ts';
import type { ReadSite } from '../src/site/site-records.ts';
import { CrawlConfigError, type CrawlOptions } from '../src/crawl/options.ts';
import { BUILD_CRAWL_COMMAND_LINE, crawlOptionsFrom } from '../src/crawl/command-line.ts';
import { formatSummary } from '../src/crawl/summary.ts';
import { BUILD_COMMAND_LINE, signingKeyOf, type BuildSettings } from '../src/config.ts';
import type { SigningKey } from '../src/hosting/signed-manifest.ts';
import { environmentHelp, flagsHelp, readFlags, readSettings } from '../src/lib/command-line.ts';
import { formatHostingReport, judgeHosting } from '../src/hosting/limits.ts';
import { formatBytes } from '../src/lib/bytes.ts';
import type { PublishOptions } from '../src/editions/publish.ts';
import type { RunningSampleApi } from '../src/sample-api/server.ts';
import { WriteFailure } from '../src/storage/write-failure.ts';

const HELP = [
  'Usage: npm run build -- [build options] [crawl options]',
  '',
  'Crawls the API into DATA.next, checks it against the previous edition (the publish guard),',
  'renders the site into SITE.next and swaps data, site and the new edition in together.',
  'Without ORGDIR_API_URL the built-in sample API is started and crawled.',
  '',
  'Build options:',
  ...flagsHelp(BUILD_COMMAND_LINE),
  '  --help',
  '      Show this text.',
  '',
  'Crawl options:',
  ...flagsHelp(BUILD_CRAWL_COMMAND_LINE),
  '',
  'Environment:',
  ...environmentHelp(BUILD_COMMAND_LINE),
  ...environmentHelp(BUILD_CRAWL_COMMAND_LINE),
].join('\n');

/** A mistake in the command line or the environment: exit code 2, before any work. */
class UsageError extends Error {}

interface BuildCommand {
  settings: BuildSettings;
  crawlOptions: CrawlOptions;
  signingKey: SigningKey | undefined;
}

/** The build's settings and the crawl's options, through their schemas; undefined for --help. */
function readCommandLine(argv: readonly string[], env: NodeJS.ProcessEnv): BuildCommand | undefined {
  const flags = readFlags([BUILD_COMMAND_LINE, BUILD_CRAWL_COMMAND_LINE], argv);
  if (!flags.ok) throw new UsageError(flags.problem);
  if (flags.value['help'] === true) return undefined;
  const settings = readSettings(BUILD_COMMAND_LINE, flags.value, env);
  if (!settings.ok) throw new UsageError(settings.problem);
  return {
    settings: settings.value,
    crawlOptions: crawlOptionsFrom(flags.value, env),
    signingKey: signingKeyOf(settings.value),
  };
}

/**
 * The crawl's options for this build: as given, or the built-in sample API when no API is named
 * (and the build does not reuse a crawl).
 */
async function crawlTarget(
  command: BuildCommand,
): Promise<{ crawlOptions: CrawlOptions; sample?: RunningSampleApi }> {
  // The publish guard judges failed records (more than 1% stops the build): the crawl itself
  // publishes its folder whatever their number, unless told otherwise.
  const given = {
    ...command.crawlOptions,
    allowFailures: command.crawlOptions.allowFailures ?? Number.MAX_SAFE_INTEGER,
  };
  if (given.apiUrl !== undefined || command.settings.reuseCrawl) return { crawlOptions: given };
  const { startSampleApi } = await import('../src/sample-api/server.ts');
  const sample = await startSampleApi({ searchWords: command.settings.sampleSearchWords });
  console.error(`build: no ORGDIR_API_URL; crawling the built-in sample API at ${sample.baseUrl}`);
  // Politeness is for the real service; the sample API is on this machine.
  const crawlOptions = { ...given, apiUrl: sample.baseUrl, key: sample.key, rate: given.rate ?? 0 };
  return { crawlOptions: { ...crawlOptions, concurrency: given.concurrency ?? 8 }, sample };
}

/** An abort signal that the first Ctrl-C (or SIGTERM) raises; the second quits at once. */
function interruption(): AbortSignal {
  const controller = new AbortController();
  const interrupt = () => {
    if (controller.signal.aborted) process.exit(130);
    console.error('\nbuild: stopping the crawl (Ctrl-C again to quit at once); the next run resumes');
    controller.abort();
  };
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);
  return controller.signal;
}

/** The publish's crawl step: the crawl into the staging folder, its summary on stderr. */
function crawlStep(crawlOptions: CrawlOptions, signal: AbortSignal): PublishOptions['crawl'] {
  return async (stagingDir) => {
    const { crawlInChild } = await import('../src/crawl/crawl-process.ts');
    // In a process of its own, whose memory is handed back before the site is rendered.
    const summary = await crawlInChild({ ...crawlOptions, dataDir: stagingDir }, signal);
    // A configuration error or a refused key is said once, in the build's own last line.
    if (summary.exitCode !== 2) console.error(formatSummary(summary));
    return summary;
  };
}

/** The rendered site's account, on stderr with the rest of the build's. */
function reportSite(summary: SiteSummary): void {
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
  const api = summary.replayedApi;
  console.error(
    `site: replayed API ${basename(api.path)}/ (${api.files} files, ${formatBytes(api.bytes, 'limit')})`,
  );
  for (const { folder, files } of summary.signed)
    console.error(`site: signed ${files} files of ${basename(folder)}`);
  if (summary.signed.length === 0) console.error('site: unsigned (no signing key given)');
}

/** Publishes one build: crawl, judge, render and swap in (src/editions/publish.ts). */
async function publish(
  settings: BuildSettings,
  crawlOptions: CrawlOptions,
  signingKey: SigningKey | undefined,
): Promise<number> {
  const [{ publishBuild, stagingPaths }, { buildSite }, { readSiteRecords }] = await Promise.all([
    import('../src/editions/publish.ts'),
    import('../src/site/build.ts'),
    import('../src/site/site-records.ts'),
  ]);
  const addresses = {
    ...(settings.siteUrl === undefined ? {} : { siteUrl: settings.siteUrl }),
    ...(settings.releaseUrl === undefined ? {} : { releaseUrl: settings.releaseUrl }),
  };
  const recordsFolder = `${stagingPaths(settings).site}.records`;
  let read: ReadSite | undefined;
  try {
    const result = await publishBuild({
      dataDir: settings.dataDir,
      siteDir: settings.siteDir,
      editionsDir: settings.editionsDir,
      keep: settings.keepEditions,
      ...(settings.accept === undefined ? {} : { accept: settings.accept }),
      ...(settings.reuseCrawl ? { reuseCrawl: true } : {}),
      ...addresses,
      releaseLimits: { wholeMs: settings.releaseTimeoutMs, idleMs: settings.releaseIdleTimeoutMs },
      siteBudget: settings.siteBudget,
      ...(signingKey && { signingKey }),
      crawl: crawlStep(crawlOptions, interruption()),
      // The crawl's records are read once: for the edition and, in the same reading, for the site.
      readRecords: (data, visit) => {
        read = readSiteRecords(data, recordsFolder, { recordFiles: settings.recordFiles, also: visit });
      },
      renderSite: async (data, site, view) => {
        const summary = await buildSite({
          dataDir: data,
          siteDir: site,
          // The publish swaps the new site in, with the data and the edition: its pages link the
          // release folder beside the site folder it becomes.
          swapIn: 'rename',
          publishedSiteDir: settings.siteDir,
          editions: view,
          ...(read && { read }),
          recordFiles: settings.recordFiles,
          // The publish signs the release folder once the edition is in it.
          ...(signingKey && { signingKey, signRelease: false }),
          ...addresses,
        });
        read = undefined;
        reportSite(summary);
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
  }
}

async function main(): Promise<number> {
  const command = readCommandLine(process.argv.slice(2), process.env);
  if (command === undefined) {
    console.log(HELP);
    return 0;
  }
  const { crawlOptions, sample } = await crawlTarget(command);
  try {
    return await publish(command.settings, crawlOptions, command.signingKey);
  } finally {
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
