// npm run site: renders the data folder (ORGDIR_DATA_DIR) into a static site (ORGDIR_SITE_DIR).
import { parseArgs } from 'node:util';
import { dataDir, editionsDir, releaseUrl, siteDir, siteUrl } from '../src/config.ts';
import { loadEditionsView } from '../src/editions/history.ts';
import { otherRegisterEditions } from '../src/editions/provenance.ts';
import { formatHostingReport, judgeHosting } from '../src/hosting/limits.ts';
import { buildSite } from '../src/site/build.ts';
import { leftOutLines } from '../src/site/database.ts';
import { formatBytes } from '../src/lib/bytes.ts';
import { OutputFolderError } from '../src/storage/output-folder.ts';

function commandLine() {
  try {
    return parseArgs({
      allowNegative: true,
      options: {
        data: { type: 'string' },
        out: { type: 'string' },
        'tar-gz': { type: 'boolean', default: true },
        'record-files': { type: 'boolean', default: false },
        'release-dir': { type: 'string' },
        verbose: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    console.error(`site: ${error instanceof Error ? error.message : String(error)} (see --help)`);
    process.exit(2);
  }
}

const { values } = commandLine();

// An empty path resolves to the working directory, which the build would then replace.
for (const flag of ['data', 'out', 'release-dir'] as const) {
  if (values[flag]?.trim() === '') {
    console.error(`site: --${flag} is an empty path: name a folder (see --help)`);
    process.exit(2);
  }
}

if (values.help) {
  console.log(`Usage: npm run site -- [--data DIR] [--out DIR] [--release-dir DIR] [--no-tar-gz] [--record-files] [--verbose]

Renders the crawled data folder into a static site that works from file:// and on any host, and
the offline copy of the whole site beside it. Ends with a hosting report: bytes, files, the
widest folder, and whether GitHub Pages, Netlify, Cloudflare Pages and a plain server take it.
  --data DIR         data folder to read (default: ORGDIR_DATA_DIR or ./data)
  --out DIR          site folder to write (default: ORGDIR_SITE_DIR or ./dist)
  The pages show the editions kept in ORGDIR_EDITIONS_DIR (default ./editions), if any.
  --release-dir DIR  the release folder, for the offline copy (default: the site folder + "-release")
  --no-tar-gz        do not write orgdir-site.tar.gz (the offline copy)
  --record-files     also write each record as the register gave it, record/<id>.json, linked from
                     its page (about 2.6 kB an organisation; every record is in the downloads anyway)
  --verbose          show Astro's own log
Environment: ORGDIR_SITE_URL (canonical links, sitemap.xml), ORGDIR_RELEASE_URL (where the
release folder is published; the site links the offline copy there).`);
  process.exit(0);
}

/** `{ key: value }` when there is a value, for options that must be absent rather than undefined. */
function optional<K extends string>(key: K, value: string | undefined): { [P in K]?: string } {
  return value === undefined ? {} : ({ [key]: value } as { [P in K]?: string });
}

// The addresses are configuration: a mistake in one is said before any work, with exit 2.
let addresses: { siteUrl: string | undefined; releaseUrl: string | undefined };
try {
  addresses = { siteUrl: siteUrl(), releaseUrl: releaseUrl() };
} catch (error) {
  console.error(`site: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}

process.env['ASTRO_TELEMETRY_DISABLED'] ??= '1';
const started = performance.now();
const data = values.data ?? dataDir();
// Another register's editions would give this one its history, gone organisations and edition
// counts: the site is built without them, and says why.
const otherRegister = otherRegisterEditions(editionsDir(), data);
if (otherRegister !== undefined) {
  console.warn(
    `site: ${otherRegister}; the site shows no editions. Set ORGDIR_EDITIONS_DIR to this register's editions folder.`,
  );
}
try {
  const summary = await buildSite({
    dataDir: data,
    siteDir: values.out ?? siteDir(),
    tarGz: values['tar-gz'],
    recordFiles: values['record-files'],
    ...(values['release-dir'] === undefined ? {} : { releaseDir: values['release-dir'] }),
    ...optional('siteUrl', addresses.siteUrl),
    ...optional('releaseUrl', addresses.releaseUrl),
    ...(otherRegister === undefined && { editions: loadEditionsView(editionsDir(), addresses.siteUrl) }),
    logLevel: values.verbose ? 'info' : 'warn',
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
  console.log(formatHostingReport(summary.hosting, judgeHosting(summary.hosting)));
  if (summary.unreadable.length > 0) {
    console.warn(`site: ${summary.unreadable.length} unreadable file(s) in the data folder were left out:`);
    for (const { file, reason } of summary.unreadable.slice(0, 20)) console.warn(`  ${file}: ${reason}`);
  }
} catch (error) {
  console.error(`site: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(error instanceof OutputFolderError ? 2 : 1);
}
