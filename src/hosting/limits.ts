// Whether a built site fits the hosts a publisher is likely to use, from their published limits
// (docs/publishing.md: "Hosts"). Pure: the measuring is in measure.ts.
import { formatBytes, MIB } from '../lib/bytes.ts';

/** What a host is judged on, measured over the site folder as deployed. */
export interface SiteMeasure {
  bytes: number;
  files: number;
  /** The folder with the most entries (files and folders), as a path from the site root ("" for the root). */
  widestFolder: { path: string; entries: number };
  largestFile: { path: string; bytes: number };
  /**
   * Bytes under each top-level folder of the site, largest first; files at the top level are
   * counted together under "". Where a publisher looks first when a site is over a budget.
   */
  parts?: { path: string; bytes: number }[];
}

export interface HostLimits {
  name: string;
  /** Most bytes of a published site. */
  siteBytes?: number;
  /** Most files in a site. */
  files?: number;
  /** Most entries in one folder. */
  folderEntries?: number;
  /** Most bytes of one file. */
  fileBytes?: number;
  /** The limits in words, as the host states them. */
  note: string;
}

/** GitHub Pages' limit on a published site, and the publish guard's default budget. */
export const GITHUB_PAGES_SITE_BYTES = 1_000_000_000;

const HOSTS: readonly HostLimits[] = [
  {
    name: 'GitHub Pages',
    siteBytes: GITHUB_PAGES_SITE_BYTES,
    note: 'a published site may be at most 1 GB; a deploy times out after 10 minutes',
  },
  {
    name: 'Netlify',
    folderEntries: 54_000,
    note: 'a deploy fails with more than 54,000 files in one folder',
  },
  {
    name: 'Cloudflare Pages (free)',
    files: 20_000,
    fileBytes: 25 * MIB,
    note: '20,000 files per site, 25 MiB per file',
  },
  {
    name: 'Cloudflare Pages (paid)',
    files: 100_000,
    fileBytes: 25 * MIB,
    note: '100,000 files per site, 25 MiB per file',
  },
  { name: 'A plain web server', note: 'no limit but its disk' },
];

export interface HostVerdict {
  host: string;
  fits: boolean;
  /** Why not, one line per limit passed; when it fits, the limits it was held to. */
  reasons: string[];
}

function folderName(path: string): string {
  return path === '' ? 'the site root' : `${path}/`;
}

/** Judges the site against each host's limits. */
export function judgeHosting(site: SiteMeasure, hosts: readonly HostLimits[] = HOSTS): HostVerdict[] {
  return hosts.map((host) => {
    const over: string[] = [];
    const within: string[] = [];
    const check = (limit: number | undefined, value: number, passed: string, held: string) => {
      if (limit === undefined) return;
      (value > limit ? over : within).push(value > limit ? passed : held);
    };
    check(
      host.siteBytes,
      site.bytes,
      `${formatBytes(site.bytes, 'limit')} is over its ${formatBytes(host.siteBytes ?? 0, 'limit')} per site`,
      `${formatBytes(site.bytes, 'limit')} of ${formatBytes(host.siteBytes ?? 0, 'limit')}`,
    );
    check(
      host.files,
      site.files,
      `${site.files.toLocaleString('en-IE')} files are over its ${(host.files ?? 0).toLocaleString('en-IE')} per site`,
      `${site.files.toLocaleString('en-IE')} of ${(host.files ?? 0).toLocaleString('en-IE')} files`,
    );
    check(
      host.folderEntries,
      site.widestFolder.entries,
      `${folderName(site.widestFolder.path)} holds ${site.widestFolder.entries.toLocaleString('en-IE')} entries, over its ${(host.folderEntries ?? 0).toLocaleString('en-IE')} per folder`,
      `widest folder ${site.widestFolder.entries.toLocaleString('en-IE')} of ${(host.folderEntries ?? 0).toLocaleString('en-IE')} entries`,
    );
    check(
      host.fileBytes,
      site.largestFile.bytes,
      `${site.largestFile.path} (${formatBytes(site.largestFile.bytes, 'limit')}) is over its ${formatBytes(host.fileBytes ?? 0, 'limit')} per file`,
      `largest file ${formatBytes(site.largestFile.bytes, 'limit')} of ${formatBytes(host.fileBytes ?? 0, 'limit')}`,
    );
    return over.length > 0
      ? { host: host.name, fits: false, reasons: over }
      : { host: host.name, fits: true, reasons: within.length > 0 ? within : [host.note] };
  });
}

/** How many of the site's parts the report names. */
const LARGEST_PARTS = 4;

/** The report printed at the end of a build. */
export function formatHostingReport(site: SiteMeasure, verdicts: readonly HostVerdict[]): string {
  const lines = [
    `hosting: ${formatBytes(site.bytes, 'limit')} in ${site.files.toLocaleString('en-IE')} files; widest folder ${folderName(
      site.widestFolder.path,
    )} (${site.widestFolder.entries.toLocaleString('en-IE')} entries); largest file ${site.largestFile.path} (${formatBytes(
      site.largestFile.bytes,
      'limit',
    )})`,
  ];
  if (site.parts !== undefined && site.parts.length > 0) {
    const largest = site.parts
      .slice(0, LARGEST_PARTS)
      .map(
        (part) =>
          `${part.path === '' ? 'top-level files' : folderName(part.path)} ${formatBytes(part.bytes, 'limit')}`,
      );
    lines.push(`  largest parts: ${largest.join(', ')}`);
  }
  for (const verdict of verdicts) {
    lines.push(`  ${verdict.fits ? 'fits    ' : 'too big '} ${verdict.host}: ${verdict.reasons.join('; ')}`);
  }
  return lines.join('\n');
}
