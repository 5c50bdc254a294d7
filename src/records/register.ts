// The one reader of a data folder (docs/crawling.md: "Storage contract"): every record file is opened once,
// read into the organisation model (./organisation.ts), and the lists, voluntary codes and
// manifest beside them into the groups the site browses by.
//
// Usage: `registerOf(dataDir)` (read once per process and kept) or `readRegister(dataDir, { onRecord })`
// to also see each record's bytes as read (the site writes its JSON twins and downloads from them).
// `register.organisations` holds every organisation with a stored record (sorted by name; each
// `entry.organisation` is the model, unpacked at each call: take it once) and
// `register.byId.get(id)` one of them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { GUID_PATTERN } from '../schemas/common.ts';
import { crawlManifestSchema, type CrawlManifest } from '../schemas/manifest.ts';
import { DATA_LAYOUT } from '../lib/data-layout.ts';
import { objectOf } from '../lib/text.ts';
import { readOrganisation, type Organisation } from './organisation.ts';
import { parseRecord } from './record-json.ts';
import { buildSectors, groupBy } from './browse-groups.ts';
import {
  LISTS,
  OrganisationEntry,
  type ListDefinition,
  type VoluntaryCodePage,
  type Register,
} from './register-model.ts';
import { byName, loadVoluntaryCodes, membersOf, readJson, summariesOf } from './member-lists.ts';

export * from './register-model.ts';

/** What a caller may do with each record as it is read, before its bytes are let go. */
export interface RecordVisitor {
  /** `bytes` are the file's exact content; `record` is them parsed. Called in file-name order. */
  (id: string, bytes: Buffer, record: unknown, organisation: Organisation): void;
}

export interface ReadOptions {
  onRecord?: RecordVisitor;
}

/**
 * The record files of a data folder: `<guid>.json`, the GUID in any case (its lower case is the
 * id). Anything else there, or a second file of one id, is reported and left out.
 */
export function recordFiles(
  dataDir: string,
  unreadable: Register['unreadable'],
): { id: string; file: string }[] {
  const folder = join(dataDir, DATA_LAYOUT.organisations);
  const names = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.json')) : [];
  const seen = new Set<string>();
  const files: { id: string; file: string }[] = [];
  for (const name of names.sort()) {
    const stem = name.slice(0, -'.json'.length);
    const file = join(folder, name);
    if (!GUID_PATTERN.test(stem)) {
      unreadable.push({ file, reason: 'the file name is not an organisation id (a GUID)' });
      continue;
    }
    const id = stem.toLowerCase();
    // Page names are lower case: two files differing only in case would claim one page.
    if (seen.has(id)) {
      unreadable.push({ file, reason: 'another record has the same id apart from case' });
      continue;
    }
    seen.add(id);
    files.push({ id, file });
  }
  return files;
}

/**
 * Reads every record file of a data folder once, in file-name order, handing each to `visit`;
 * a file that cannot be read or parsed is listed in `unreadable`.
 */
export function forEachRecord(
  dataDir: string,
  unreadable: Register['unreadable'],
  visit: RecordVisitor,
): void {
  for (const { id, file } of recordFiles(dataDir, unreadable)) {
    let bytes: Buffer;
    let record: unknown;
    try {
      bytes = readFileSync(file);
      record = parseRecord(bytes.toString('utf8'));
    } catch (error) {
      unreadable.push({ file, reason: error instanceof Error ? error.message : String(error) });
      continue;
    }
    visit(id, bytes, record, readOrganisation(record, id));
  }
}

function loadOrganisations(dataDir: string, unreadable: Register['unreadable'], onRecord?: RecordVisitor) {
  const organisations: OrganisationEntry[] = [];
  forEachRecord(dataDir, unreadable, (id, bytes, record, organisation) => {
    onRecord?.(id, bytes, record, organisation);
    organisations.push(new OrganisationEntry(organisation));
  });
  return organisations.sort(byName);
}

/**
 * The manifest as its schema describes it, field by field: a field that does not match is left
 * out, so that the site can still show what an older or odd manifest does say.
 */
export function readManifest(value: unknown): Partial<CrawlManifest> {
  const given = objectOf(value);
  const manifest: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(crawlManifestSchema.shape)) {
    const parsed = schema.safeParse(given[key]);
    if (parsed.success && parsed.data !== undefined) manifest[key] = parsed.data;
  }
  return manifest as Partial<CrawlManifest>;
}

/**
 * Reads the whole data folder, each record file once. Never throws for a bad file: it is listed
 * in `unreadable`.
 */
export function readRegister(dataDir: string, options: ReadOptions = {}): Register {
  const unreadable: Register['unreadable'] = [];
  const organisations = loadOrganisations(dataDir, unreadable, options.onRecord);
  const byId = new Map(organisations.map((entry) => [entry.id, entry]));
  const manifest = readManifest(readJson(join(dataDir, DATA_LAYOUT.manifest), unreadable));
  const gone = new Set((manifest.gone ?? []).map((id) => id.toLowerCase()));

  const listsOf = new Map<string, ListDefinition[]>();
  const lists = LISTS.map((definition) => {
    const file = join(dataDir, DATA_LAYOUT.lists, `${definition.key}.json`);
    const summaries = summariesOf(readJson(file, unreadable));
    for (const { id } of summaries) listsOf.set(id, [...(listsOf.get(id) ?? []), definition]);
    return { definition, members: membersOf(summaries, byId, gone), known: existsSync(file) };
  });

  const voluntaryCodes = loadVoluntaryCodes(dataDir, byId, gone, unreadable);
  const codesOf = new Map<string, VoluntaryCodePage[]>();
  for (const code of voluntaryCodes) {
    for (const member of code.members) {
      const key = member.id.toLowerCase();
      codesOf.set(key, [...(codesOf.get(key) ?? []), code]);
    }
  }

  const { sectors, subSectors } = buildSectors(organisations);
  const letters = groupBy(
    organisations,
    (entry) => entry.letter,
    (entry) => entry.letter.toUpperCase(),
    '',
  );
  for (const group of letters) {
    group.label = group.key === 'other' ? 'Other characters' : group.key.toUpperCase();
  }

  const counties = groupBy(
    organisations,
    (entry) => entry.countyKey,
    (entry) => entry.county,
    'County not given',
  );
  return {
    dataDir,
    organisations,
    byId,
    lists,
    listsOf,
    voluntaryCodes,
    codesOf,
    counties,
    sectors,
    subSectors,
    letters,
    countyByKey: new Map(counties.map((group) => [group.key, group])),
    sectorByKey: new Map(sectors.map((group) => [group.key, group])),
    subSectorByKey: new Map(subSectors.map((group) => [group.key, group])),
    manifest,
    unreadable,
  };
}

const CACHE = Symbol.for('orgdir.register');

function registers(): Map<string, Register> {
  const store = globalThis as { [CACHE]?: Map<string, Register> };
  return (store[CACHE] ??= new Map());
}

/**
 * The register of a data folder, read once per process. Cached on `globalThis` because Astro
 * bundles the pages' copy of this module separately from the build pipeline's copy; both see one.
 */
export function registerOf(dataDir: string): Register {
  const key = resolve(dataDir);
  let register = registers().get(key);
  if (!register) registers().set(key, (register = readRegister(key)));
  return register;
}

/** Makes `register` the one `registerOf` gives for its data folder (read by the pipeline itself). */
export function keepRegister(register: Register): void {
  registers().set(resolve(register.dataDir), register);
}

/** Lets go of kept registers once a build is done (and before a rebuild of changed data). */
export function forgetRegisters(): void {
  registers().clear();
}
