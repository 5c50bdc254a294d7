// The date of the data is the end of the crawl that produced it (manifest.finishedAt).
import { formatDateTime } from '../lib/dates.ts';

/** "12 May 2024, 03:10", or `undefined` when the manifest does not say. */
export function crawlDate(manifest: Record<string, unknown>): string | undefined {
  return (
    formatDateTime(stripZone(manifest['finishedAt'])) ?? formatDateTime(stripZone(manifest['startedAt']))
  );
}

/** The manifest's timestamps are UTC ISO strings; the calendar reading ignores the zone. */
function stripZone(value: unknown): unknown {
  return typeof value === 'string' ? value.replace(/(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/, '') : value;
}
