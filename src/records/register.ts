// The one reader of a data folder (README: "Storage contract"): every record file is opened once,
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
import { countyKey } from '../lib/counties.ts';
import { DATA_LAYOUT } from '../lib/data-layout.ts';
import { objectOf } from '../lib/text.ts';
import { displayName, readOrganisation, type Organisation } from './organisation.ts';
import { packOrganisation, unpackOrganisation } from './packed.ts';
import { buildSectors, groupBy, letterOf, NOT_GIVEN_KEY } from './browse-groups.ts';
import { byName, loadVoluntaryCodes, membersOf, readJson, summariesOf } from './member-lists.ts';

/** The three group lists of the API, in the order the site shows them. */
export const LISTS = [
  {
    key: 'registeredCharities',
    slug: 'registered-charities',
    title: 'Registered charities',
    label: 'Registered charity',
    description: 'Organisations registered with the charities regulator.',
  },
  {
    key: 'taxEfficientGifts',
    slug: 'tax-efficient-gifts',
    title: 'Tax-efficient gifts',
    label: 'Qualifies for tax relief on donations',
    description: 'Organisations qualifying for tax relief on donations.',
  },
  {
    key: 'housingBodies',
    slug: 'housing-bodies',
    title: 'Approved housing bodies',
    label: 'Approved housing body',
    description: 'Organisations registered as approved housing bodies with the housing regulator.',
  },
] as const;

export type ListKey = (typeof LISTS)[number]['key'];
export type ListDefinition = (typeof LISTS)[number];

/** An organisation with its browse keys: where it files in the site's A–Z, county and sector pages. */
export class OrganisationEntry {
  readonly id: string;
  /** The name to show (a stand-in when the record gives none). */
  readonly name: string;
  readonly county?: string;
  readonly countyKey: string;
  readonly sectorKey: string;
  readonly subSectorKey: string;
  readonly secondarySubSectorKey?: string;
  readonly letter: string;
  /** The classification's names, which label the sector pages. */
  readonly labels: Pick<Organisation, 'sectorName' | 'subSectorName' | 'secondarySubsectorName'>;
  /** The organisation packed (./packed.ts), as UTF-8: a fifth of the memory of the objects. */
  readonly #json: Buffer;

  constructor(organisation: Organisation) {
    const lower = (text: string | undefined) => text?.toLowerCase();
    const county = organisation.county;
    const secondaryKey = organisation.secondarySubsectorCode ?? lower(organisation.secondarySubsectorName);
    this.id = organisation.id;
    this.name = displayName(organisation);
    if (county) this.county = county;
    this.countyKey = county ? countyKey(county) : NOT_GIVEN_KEY;
    this.sectorKey = organisation.sectorCode ?? lower(organisation.sectorName) ?? NOT_GIVEN_KEY;
    this.subSectorKey = organisation.subSectorCode ?? lower(organisation.subSectorName) ?? NOT_GIVEN_KEY;
    if (secondaryKey) this.secondarySubSectorKey = secondaryKey;
    this.letter = letterOf(this.name);
    const { sectorName, subSectorName, secondarySubsectorName } = organisation;
    this.labels = {
      ...(sectorName && { sectorName }),
      ...(subSectorName && { subSectorName }),
      ...(secondarySubsectorName && { secondarySubsectorName }),
    };
    const json = packOrganisation(organisation);
    // A buffer of its own: small buffers share 8 kB slabs, which a long-kept one keeps whole.
    this.#json = Buffer.allocUnsafeSlow(Buffer.byteLength(json));
    this.#json.write(json);
  }

  /**
   * The organisation as read from its record, unpacked afresh at each call (some 10–25 µs): the
   * site asks three times (search document, CSV row, page); 30,000 organisations held as objects
   * would add some 150 MB to the pages' render, packed they take about 45 MB.
   */
  get organisation(): Organisation {
    return unpackOrganisation(this.#json.toString());
  }
}

/** A member of a list or group; `present` is false when the data folder has no record for it. */
export interface Member {
  id: string;
  name: string;
  present: boolean;
  /** True when the crawl found the record gone (the API answered 404 or 410 for it). */
  gone?: boolean;
  /** A short qualifier shown after the name, e.g. "secondary sub-sector". */
  note?: string;
}

export interface Group {
  key: string;
  slug: string;
  label: string;
  code?: string;
  members: Member[];
}

export interface SectorGroup extends Group {
  subSectors: Group[];
}

export interface VoluntaryCodePage {
  id: string;
  slug: string;
  description?: string;
  members: Member[];
  /** False when the data folder holds no member list for this code. */
  membersKnown: boolean;
}

export interface Register {
  dataDir: string;
  /** Every organisation with a stored record, sorted by name. */
  organisations: OrganisationEntry[];
  /** Keyed by the lower-cased id, as list ids are compared. */
  byId: Map<string, OrganisationEntry>;
  lists: { definition: ListDefinition; members: Member[]; known: boolean }[];
  /** Keyed by the lower-cased id. */
  listsOf: Map<string, ListDefinition[]>;
  voluntaryCodes: VoluntaryCodePage[];
  /** Keyed by the lower-cased id. */
  codesOf: Map<string, VoluntaryCodePage[]>;
  counties: Group[];
  sectors: SectorGroup[];
  subSectors: Group[];
  letters: Group[];
  countyByKey: Map<string, Group>;
  sectorByKey: Map<string, SectorGroup>;
  subSectorByKey: Map<string, Group>;
  /** The crawl's manifest, each field read through its schema; a field that does not match is absent. */
  manifest: Partial<CrawlManifest>;
  /** Files of the data folder that could not be read, with the reason. */
  unreadable: { file: string; reason: string }[];
}

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
      record = JSON.parse(bytes.toString('utf8'));
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
