// What search engines read: robots.txt always, and with the site's public address a sitemap
// (an index and parts of at most 50,000 addresses each: https://www.sitemaps.org/protocol.html).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { publicAddress } from '../lib/urls.ts';
import { filesUnder } from './archive.ts';

/** The most addresses one sitemap file may hold. */
const SITEMAP_LIMIT = 50_000;

const SITEMAP_INDEX = 'sitemap.xml';

/**
 * A part of the sitemap: "sitemap-1.xml.gz", "sitemap-2.xml.gz", … Gzipped, as the protocol
 * allows: 35,000 addresses are 3.6 MB of XML and a tenth of that gzipped.
 */
function sitemapPartName(number: number): string {
  return `sitemap-${number}.xml.gz`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * The sitemap files for the pages at `paths` (site paths of HTML pages), in order: the index
 * first, then its parts (their text; they are written gzipped).
 */
export function sitemapFiles(
  siteUrl: string,
  paths: readonly string[],
  limit = SITEMAP_LIMIT,
): { name: string; content: string }[] {
  const parts: { name: string; content: string }[] = [];
  for (let start = 0; start < paths.length || parts.length === 0; start += limit) {
    const urls = paths
      .slice(start, start + limit)
      .map((path) => `<url><loc>${escapeXml(publicAddress(siteUrl, path))}</loc></url>\n`);
    parts.push({
      name: sitemapPartName(parts.length + 1),
      content:
        '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        urls.join('') +
        '</urlset>\n',
    });
  }
  const index =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    parts
      .map((part) => `<sitemap><loc>${escapeXml(publicAddress(siteUrl, part.name))}</loc></sitemap>\n`)
      .join('') +
    '</sitemapindex>\n';
  return [{ name: SITEMAP_INDEX, content: index }, ...parts];
}

/**
 * robots.txt: everything may be crawled; with the public address, where the sitemap is. (Search
 * engines read it only at a host's root: under a sub-path, submit the sitemap to them instead.)
 */
export function robotsTxt(siteUrl?: string): string {
  return (
    'User-agent: *\nAllow: /\n' +
    (siteUrl === undefined ? '' : `\nSitemap: ${publicAddress(siteUrl, SITEMAP_INDEX)}\n`)
  );
}

/** Writes robots.txt, and with the public address the sitemap of every page under `siteDir`. */
export function writeSearchEngineFiles(siteDir: string, siteUrl?: string): void {
  writeFileSync(join(siteDir, 'robots.txt'), robotsTxt(siteUrl));
  if (siteUrl === undefined) return;
  const pages = filesUnder(siteDir).filter((path) => path.endsWith('.html'));
  for (const file of sitemapFiles(siteUrl, pages)) {
    const content = file.name.endsWith('.gz') ? gzipSync(file.content, { level: 9 }) : file.content;
    writeFileSync(join(siteDir, file.name), content);
  }
}
