// npm run site: renders the data folder (ORGDIR_DATA_DIR) into a static site (ORGDIR_SITE_DIR).
// The site's build (Astro among it) is loaded once the command line has been read: a mistake in
// it, or --help, is answered at once.
import { SITE_COMMAND_LINE, signingKeyOf } from '../src/config.ts';
import { loadEditionsView } from '../src/editions/history.ts';
import { otherRegisterEditions } from '../src/editions/provenance.ts';
import { formatHostingReport, judgeHosting } from '../src/hosting/limits.ts';
import { leftOutLines } from '../src/site/database.ts';
import { formatBytes } from '../src/lib/bytes.ts';
import { environmentHelp, flagsHelp, readFlags, readSettings } from '../src/lib/command-line.ts';
import { OutputFolderError } from '../src/storage/output-folder.ts';

const HELP = [
  'Usage: npm run site -- [options]',
  '',
  'Renders the crawled data folder into a static site that works from file:// and on any host, and',
  'the offline copy of the whole site beside it. Ends with a hosting report: bytes, files, the',
  'widest folder, and whether GitHub Pages, Netlify, Cloudflare Pages and a plain server take it.',
  '',
  'Options:',
  ...flagsHelp(SITE_COMMAND_LINE),
  '  --help',
  '      Show this text.',
  '',
  'Environment:',
  ...environmentHelp(SITE_COMMAND_LINE),
].join('\n');

/** A configuration mistake: said before any work, in one line, with exit code 2. */
function refuse(problem: string): never {
  console.error(`site: ${problem} (see --help)`);
  process.exit(2);
}

/** The site's settings, from the command line and the environment; or --help, and the end. */
function readCommandLine() {
  const flags = readFlags([SITE_COMMAND_LINE], process.argv.slice(2));
  if (!flags.ok) refuse(flags.problem);
  if (flags.value['help'] === true) {
    console.log(HELP);
    process.exit(0);
  }
  const settings = readSettings(SITE_COMMAND_LINE, flags.value, process.env);
  if (!settings.ok) refuse(settings.problem);
  return settings.value;
}

const settings = readCommandLine();
let signingKey: ReturnType<typeof signingKeyOf>;
try {
  signingKey = signingKeyOf(settings);
} catch (error) {
  refuse((error as Error).message);
}

process.env['ASTRO_TELEMETRY_DISABLED'] ??= '1';
const started = performance.now();
const data = settings.data;
// Another register's editions would give this one its history, gone organisations and edition
// counts: the site is built without them, and says why.
const otherRegister = otherRegisterEditions(settings.editionsDir, data);
if (otherRegister !== undefined) {
  console.warn(
    `site: ${otherRegister}; the site shows no editions. Set ORGDIR_EDITIONS_DIR to this register's editions folder.`,
  );
}
try {
  const { buildSite } = await import('../src/site/build.ts');
  const summary = await buildSite({
    dataDir: data,
    siteDir: settings.out,
    tarGz: settings.tarGz,
    recordFiles: settings.recordFiles,
    ...(signingKey && { signingKey }),
    ...(settings.releaseDir === undefined ? {} : { releaseDir: settings.releaseDir }),
    ...(settings.siteUrl === undefined ? {} : { siteUrl: settings.siteUrl }),
    ...(settings.releaseUrl === undefined ? {} : { releaseUrl: settings.releaseUrl }),
    ...(otherRegister === undefined && {
      editions: await loadEditionsView(settings.editionsDir, settings.siteUrl),
    }),
    logLevel: settings.verbose ? 'info' : 'warn',
  });
  const seconds = (performance.now() - started) / 1000;
  const pagesPerSecond = Math.round(summary.pages / (summary.timings['pages'] ?? Number.NaN));
  console.log(
    `site: ${summary.organisations} organisations, ${summary.pages} pages, ${summary.files} files ` +
      `(${formatBytes(summary.bytes)}) in ${seconds.toFixed(1)} s, ${pagesPerSecond} pages/s → ${summary.siteDir}`,
  );
  const cpu = (name: string): string => ` (${summary.cpuTimings[name]} s CPU)`;
  console.log(
    `site: steps ${Object.entries(summary.timings)
      .map(([name, s]) => `${name} ${s} s${cpu(name)}`)
      .join(', ')}`,
  );
  const { search } = summary;
  console.log(
    `site: search index: ${search.documents} organisations, ${search.terms} words, ` +
      `${search.files} files (${formatBytes(search.bytes)})`,
  );
  const { database } = summary;
  console.log(`site: database ${database.path} (${formatBytes(database.bytes)}), sha256 ${database.sha256}`);
  for (const line of leftOutLines(database.leftOut)) console.warn(line);
  for (const archive of summary.archives) {
    console.log(
      `site: offline copy ${archive.path} (${formatBytes(archive.bytes)}), sha256 ${archive.sha256}`,
    );
  }
  const api = summary.replayedApi;
  console.log(`site: replayed API ${api.path} (${api.files} files, ${formatBytes(api.bytes)})`);
  for (const { folder, files } of summary.signed) console.log(`site: signed ${files} files of ${folder}`);
  if (summary.signed.length === 0) console.log('site: unsigned (no signing key given)');
  console.log(formatHostingReport(summary.hosting, judgeHosting(summary.hosting)));
  if (summary.unreadable.length > 0) {
    console.warn(`site: ${summary.unreadable.length} unreadable file(s) in the data folder were left out:`);
    for (const { file, reason } of summary.unreadable.slice(0, 20)) console.warn(`  ${file}: ${reason}`);
  }
} catch (error) {
  console.error(`site: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(error instanceof OutputFolderError ? 2 : 1);
}
