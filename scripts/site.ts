// npm run site: renders the data folder (ORGDIR_DATA_DIR) into a static site (ORGDIR_SITE_DIR).
import { parseArgs } from 'node:util';
import { dataDir, editionsDir, siteDir, siteUrl } from '../src/config.ts';
import { loadEditionsView } from '../src/editions/history.ts';
import { buildSite } from '../src/site/build.ts';
import { formatBytes } from '../src/lib/bytes.ts';

function commandLine() {
  try {
    return parseArgs({
      allowNegative: true,
      options: {
        data: { type: 'string' },
        out: { type: 'string' },
        'tar-gz': { type: 'boolean', default: true },
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

if (values.help) {
  console.log(`Usage: npm run site -- [--data DIR] [--out DIR] [--no-tar-gz] [--verbose]

Renders the crawled data folder into a static site that works from file:// and on any host.
  --data DIR   data folder to read (default: ORGDIR_DATA_DIR or ./data)
  --out DIR    site folder to write (default: ORGDIR_SITE_DIR or ./dist)
  The pages show the editions kept in ORGDIR_EDITIONS_DIR (default ./editions), if any.
  --no-tar-gz  write only the zip, not also orgdir-site.tar.gz (several times smaller, a few seconds more)
  --verbose    show Astro's own log`);
  process.exit(0);
}

process.env['ASTRO_TELEMETRY_DISABLED'] ??= '1';
const started = performance.now();
try {
  const summary = await buildSite({
    dataDir: values.data ?? dataDir(),
    siteDir: values.out ?? siteDir(),
    tarGz: values['tar-gz'],
    editions: loadEditionsView(editionsDir(), siteUrl()),
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
  if (summary.unreadable.length > 0) {
    console.warn(`site: ${summary.unreadable.length} unreadable file(s) in the data folder were left out:`);
    for (const { file, reason } of summary.unreadable.slice(0, 20)) console.warn(`  ${file}: ${reason}`);
  }
} catch (error) {
  console.error(`site: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
