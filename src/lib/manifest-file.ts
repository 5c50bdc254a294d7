// The one reading of a data folder's `manifest.json` (docs/crawling.md: "Storage contract"). It sits beside
// the layout rather than in the record model (src/records) because the crawl reads it too, to
// resume an unfinished crawl, and the crawl may not import the record model.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { crawlManifestSchema, type CrawlManifest } from '../schemas/manifest.ts';
import { DATA_LAYOUT } from './data-layout.ts';
import { objectOf } from './text.ts';

/** What a data folder's manifest says, read once and given in the forms its readers need. */
export interface ManifestReading {
  /** The manifest's path. */
  file: string;
  /** The file's bytes as written; `undefined` when the folder has no manifest. */
  bytes?: Buffer;
  /** The manifest when it is whole: every field as its schema describes, none unknown. */
  manifest?: CrawlManifest;
  /**
   * Field by field: a field that does not match its schema is left out, so that the site can still
   * show what an older or odd manifest does say.
   */
  fields: Partial<CrawlManifest>;
  /** `counts`, field by field as well: the publish guard judges a crawl whose counts are odd too. */
  counts: Partial<CrawlManifest['counts']>;
  /** Why the file could not be read or is not JSON. */
  problem?: string;
}

/** The fields of `value` that match their schema in `shape`; the others are left out. */
function fieldsOf<T>(shape: Record<string, z.ZodType>, value: unknown): Partial<T> {
  const given = objectOf(value);
  const fields: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(shape)) {
    const parsed = schema.safeParse(given[key]);
    if (parsed.success && parsed.data !== undefined) fields[key] = parsed.data;
  }
  return fields as Partial<T>;
}

/** A manifest's value as its schema describes it, field by field (see `ManifestReading.fields`). */
export function manifestFields(value: unknown): Partial<CrawlManifest> {
  return fieldsOf<CrawlManifest>(crawlManifestSchema.shape, value);
}

/** Reads `manifest.json` of `dataDir`. Never throws: a missing or broken file reads as empty. */
export function readManifest(dataDir: string): ManifestReading {
  const file = join(dataDir, DATA_LAYOUT.manifest);
  if (!existsSync(file)) return { file, fields: {}, counts: {} };
  let bytes: Buffer;
  let value: unknown;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    return { file, fields: {}, counts: {}, problem: error instanceof Error ? error.message : String(error) };
  }
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    return {
      file,
      bytes,
      fields: {},
      counts: {},
      problem: error instanceof Error ? error.message : String(error),
    };
  }
  const whole = crawlManifestSchema.safeParse(value);
  return {
    file,
    bytes,
    ...(whole.success ? { manifest: whole.data } : {}),
    fields: manifestFields(value),
    counts: fieldsOf<CrawlManifest['counts']>(
      crawlManifestSchema.shape.counts.shape,
      objectOf(value)['counts'],
    ),
  };
}
