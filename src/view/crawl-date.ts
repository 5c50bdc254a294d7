// The date of the data is the end of the crawl that produced it (manifest.finishedAt).
import { formatDateTime } from '../lib/dates.ts';

/** "12 May 2024, 03:10 UTC", or `undefined` when the manifest does not say. */
export function crawlDate(manifest: Record<string, unknown>): string | undefined {
  return readTimestamp(manifest['finishedAt']) ?? readTimestamp(manifest['startedAt']);
}

/** The manifest's timestamps are ISO strings, in UTC when they end in Z. */
function readTimestamp(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const utc = /Z$/i.test(value.trim());
  const text = formatDateTime(value.trim().replace(/(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/i, ''));
  return text && utc ? `${text} UTC` : text;
}
