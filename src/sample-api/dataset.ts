// The deterministic register behind the sample API. Organisation `index` draws only from streams
// seeded by (seed, index), so a record never depends on how many others there are or on the order
// in which they are asked for: the small facts every list needs are made for all organisations at
// start-up, the full record only when it is requested (and then kept in a bounded cache).
//
// Names, places and figures are shaped after the Charities Regulator's public register (CC BY 4.0)
// via vocabulary/derived-vocabulary.json; see scripts/derive-vocabulary.ts for the credit and the method.
import {
  classifyName,
  randomSubSector,
  subSector as subSectorByCode,
  type SubSector,
} from './classification.ts';
import { COUNTIES, pickPlace, postalAddress } from './geography.ts';
import { locality, organisationName } from './names.ts';
import { chance, createRandom, guid } from './prng.ts';
import { organisationRecord } from './record.ts';
import { applyEditions, type EditionChange } from './editions.ts';
import type { OrganisationCore } from './organisation-core.ts';
import { foldServiceText, type ServiceQuery } from '../lib/service-search.ts';
import { createSearchIndex, type SearchIndex } from './search.ts';
import derived from './vocabulary/derived-vocabulary.json' with { type: 'json' };
import { VOLUNTARY_CODES } from './voluntary-codes.ts';

export interface DatasetOptions {
  /** Seed of every random choice; the same seed and size give byte-identical answers. Default 'orgdir'. */
  seed?: string | number;
  /** Organisations that have a record. Default 2000; 100,000 is supported. */
  orgs?: number;
  /**
   * Which night of the register: 1 (the default) is the register as first generated; each later
   * edition applies a known set of changes to the one before (editions.ts), listed in `changes`.
   */
  edition?: number;
  /**
   * About what share of the register a list names (default 0.43, as the appendix's counts give):
   * the chances of being a registered charity, a housing body or a tax-efficient gift scale with
   * it. The rest are reachable only through search.
   */
  listShare?: number;
}

/** The share of the register on some list with the appendix's counts. */
export const DEFAULT_LIST_SHARE = 0.43;

export const DEFAULT_SEED = 'orgdir';
export const DEFAULT_ORGS = 2000;

/** Element of every group list: `{ id, name }`. */
interface OrganisationSummary {
  id: string;
  name: string;
}

interface SearchResultRecord extends OrganisationSummary {
  altNames: string[];
  registeredAddress: string;
  county: string;
  sectorName: string;
  sectorCode: string;
  subSectorName: string;
  subSectorCode: string;
  /**
   * The organisation's page on the service. The spec says search returns a URL but not under
   * which name; the sample API calls it `url` and uses the reserved `.example` domain.
   */
  url: string;
}

interface VoluntaryCodeSummary {
  id: string;
  description: string;
}

export interface SampleDataset {
  readonly seed: string;
  readonly orgs: number;
  readonly edition: number;
  /** What changed since the edition before (empty for edition 1); see editions.ts. */
  readonly changes: readonly EditionChange[];
  /** Every organisation id that has a record, in index order (added organisations last). */
  readonly ids: readonly string[];
  /** Ids that appear in some list but whose `Organisation/{id}` answers 404. */
  readonly goneIds: readonly string[];
  readonly registeredCharities: readonly OrganisationSummary[];
  readonly taxEfficientGifts: readonly OrganisationSummary[];
  readonly housingBodies: readonly OrganisationSummary[];
  readonly voluntaryCodes: readonly VoluntaryCodeSummary[];
  /** Members of a voluntary code, or undefined for an unknown code id. */
  voluntaryCodeMembers(codeId: string): readonly OrganisationSummary[] | undefined;
  /** The full Organisation record, or undefined when the id has none (unknown or gone). */
  organisation(id: string): Record<string, unknown> | undefined;
  /** The eagerly made facts of an organisation, live or gone. */
  core(id: string): OrganisationCore | undefined;
  /** Search results for a parsed query, at most `limit`. */
  search(query: ServiceQuery, limit: number): SearchResultRecord[];
}

/** Share of the register in each group, after the appendix: 11,500 charities and 550 housing bodies of 30,000. */
const HOUSING_BODY_SHARE = 550 / 30_000;
const REGISTERED_CHARITY_SHARE = 11_500 / 30_000;
/** Ids in the lists whose record is gone, per organisation with a record. */
const GONE_SHARE = 0.005;

const COUNTY_WEIGHTS: readonly (readonly [string, number])[] = COUNTIES.map((county) => {
  const found = (derived.countyWeights as [string, number][]).find(([name]) => name === county.name);
  // Northern counties are rare in the register; weight them up a little so that some appear.
  return [county.name, Math.max(found?.[1] ?? 0, county.northern ? 6 : 20)] as const;
});

const SEARCH_URL_BASE = 'https://orgdir.example/org/';

function makeCore(seed: string, index: number, gone: boolean, listScale = 1): OrganisationCore {
  const random = createRandom(seed, index, 'organisation');
  const id = guid(random);
  const scaled = (share: number) => Math.min(1, share * listScale);
  const housingBody = chance(random, scaled(HOUSING_BODY_SHARE));
  let registeredCharity = housingBody
    ? chance(random, 0.85)
    : chance(random, scaled(REGISTERED_CHARITY_SHARE));
  const taxEfficientGifts = registeredCharity ? chance(random, 0.6) : chance(random, scaled(0.04));
  const { county, town } = pickPlace(random, COUNTY_WEIGHTS);
  const place = locality(random, county, town);
  const named = organisationName(random, { housingBody, county, town, place });
  const subSector = housingBody
    ? subSectorByCode('6.5')
    : (classifyName(named.name) ?? randomSubSector(random));
  let secondarySubSector: SubSector | undefined;
  if (chance(random, 0.35)) {
    const candidate = randomSubSector(random);
    if (candidate.code !== subSector.code) secondarySubSector = candidate;
  }
  const voluntaryCodes: string[] = [];
  for (const code of VOLUNTARY_CODES) {
    const draw = random();
    const eligible =
      registeredCharity && (code.sectorCode === undefined || code.sectorCode === subSector.sectorCode);
    if (eligible && draw < code.shareOfCharities) voluntaryCodes.push(code.id);
  }
  // A gone record must still be listed somewhere: that is how a client meets it.
  if (gone && !registeredCharity && !taxEfficientGifts && !housingBody && voluntaryCodes.length === 0) {
    registeredCharity = true;
  }
  return {
    index,
    id,
    name: named.name,
    altNames: named.altNames,
    family: named.family,
    governingForm: named.governingForm,
    county,
    town,
    place,
    address: postalAddress(random, county, town),
    subSector,
    secondarySubSector,
    registeredCharity,
    taxEfficientGifts,
    housingBody,
    voluntaryCodes,
    gone,
  };
}

/** Bounded cache of records, evicting the least recently used. */
class RecordCache {
  readonly #limit: number;
  readonly #records = new Map<string, Record<string, unknown>>();
  constructor(limit: number) {
    this.#limit = limit;
  }
  get(id: string): Record<string, unknown> | undefined {
    const record = this.#records.get(id);
    if (record !== undefined) {
      this.#records.delete(id);
      this.#records.set(id, record);
    }
    return record;
  }
  set(id: string, record: Record<string, unknown>): void {
    this.#records.set(id, record);
    if (this.#records.size > this.#limit) {
      const oldest = this.#records.keys().next().value;
      if (oldest !== undefined) this.#records.delete(oldest);
    }
  }
}

/** The first edition's organisations: `orgs` with a record, then `goneCount` that lists still name. */
function makeCores(seed: string, orgs: number, goneCount: number, listScale: number): OrganisationCore[] {
  const cores: OrganisationCore[] = [];
  const ids = new Set<string>();
  for (let index = 0; index < orgs + goneCount; index++) {
    const core = makeCore(seed, index, index >= orgs, listScale);
    if (ids.has(core.id)) throw new Error(`duplicate organisation id ${core.id}`);
    ids.add(core.id);
    cores.push(core);
  }
  return cores;
}

/** Lists are in name order, case, accents and punctuation ignored, then by id for a stable order. */
function inNameOrder(cores: readonly OrganisationCore[]): OrganisationCore[] {
  const keyed = cores.map((core) => ({ key: foldServiceText(core.name), core }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.core.id < b.core.id ? -1 : 1));
  return keyed.map((entry) => entry.core);
}

/** The group lists and the members of each voluntary code, in the order of `ordered`. */
function groupLists(ordered: readonly OrganisationCore[]) {
  const registeredCharities: OrganisationSummary[] = [];
  const taxEfficientGifts: OrganisationSummary[] = [];
  const housingBodies: OrganisationSummary[] = [];
  const codeMembers = new Map<string, OrganisationSummary[]>(VOLUNTARY_CODES.map((code) => [code.id, []]));
  for (const core of ordered) {
    const summary = { id: core.id, name: core.name };
    if (core.registeredCharity) registeredCharities.push(summary);
    if (core.taxEfficientGifts) taxEfficientGifts.push(summary);
    if (core.housingBody) housingBodies.push(summary);
    for (const code of core.voluntaryCodes) codeMembers.get(code)?.push(summary);
  }
  return { registeredCharities, taxEfficientGifts, housingBodies, codeMembers };
}

/** The options with their defaults, checked: a RangeError names the first that is out of range. */
function datasetSettings(options: DatasetOptions): {
  seed: string;
  orgs: number;
  edition: number;
  goneCount: number;
  listScale: number;
} {
  const seed = String(options.seed ?? DEFAULT_SEED);
  const orgs = options.orgs ?? DEFAULT_ORGS;
  if (!Number.isInteger(orgs) || orgs < 1)
    throw new RangeError(`orgs must be a positive integer, got ${orgs}`);
  const edition = options.edition ?? 1;
  if (!Number.isInteger(edition) || edition < 1)
    throw new RangeError(`edition must be a positive integer, got ${edition}`);
  const goneCount = Math.max(1, Math.round(orgs * GONE_SHARE));
  const listShare = options.listShare ?? DEFAULT_LIST_SHARE;
  if (!(listShare > 0 && listShare <= 1))
    throw new RangeError(`listShare must be above 0 and at most 1, got ${listShare}`);
  return { seed, orgs, edition, goneCount, listScale: listShare / DEFAULT_LIST_SHARE };
}

/** The search of the sample API over the organisations that are not gone, in name order. */
function sampleSearchIndex(ordered: readonly OrganisationCore[]): SearchIndex<SearchResultRecord> {
  return createSearchIndex(
    ordered
      .filter((core) => !core.gone)
      .map((core) => ({
        id: core.id,
        name: core.name,
        fields: [
          ...core.altNames,
          core.address.line,
          core.county.name,
          core.subSector.sectorName,
          core.subSector.name,
          core.secondarySubSector?.name ?? '',
        ],
        result: searchResult(core),
      })),
  );
}

export function generateDataset(options: DatasetOptions = {}): SampleDataset {
  const { seed, orgs, edition, goneCount, listScale } = datasetSettings(options);

  const firstCores = makeCores(seed, orgs, goneCount, listScale);
  const later =
    edition === 1
      ? undefined
      : applyEditions({
          seed,
          orgs,
          edition,
          cores: firstCores,
          makeCore: (index) => makeCore(seed, index, false, listScale),
          generateRecord: (core) => organisationRecord(seed, core),
        });
  const cores = later?.cores ?? firstCores;
  const byId = new Map(cores.map((core) => [core.id, core]));

  const ordered = inNameOrder(cores);
  const { registeredCharities, taxEfficientGifts, housingBodies, codeMembers } = groupLists(ordered);

  const records = new RecordCache(5000);
  let searchIndex: SearchIndex<SearchResultRecord> | undefined;

  return {
    seed,
    orgs,
    edition,
    changes: later?.changes ?? [],
    ids: cores.filter((core) => !core.gone).map((core) => core.id),
    goneIds: cores.filter((core) => core.gone).map((core) => core.id),
    registeredCharities,
    taxEfficientGifts,
    housingBodies,
    voluntaryCodes: VOLUNTARY_CODES.map((code) => ({ id: code.id, description: code.description })),
    voluntaryCodeMembers: (codeId) => codeMembers.get(codeId),
    core: (id) => byId.get(id.toLowerCase()),
    organisation(id) {
      const core = byId.get(id.toLowerCase());
      if (core === undefined || core.gone) return undefined;
      const cached = records.get(core.id);
      if (cached !== undefined) return cached;
      const record =
        later === undefined
          ? organisationRecord(seed, core)
          : {
              ...organisationRecord(seed, later.recordCores.get(core.id) ?? core),
              ...later.patches.get(core.id),
            };
      records.set(core.id, record);
      return record;
    },
    search(query, limit) {
      searchIndex ??= sampleSearchIndex(ordered);
      return searchIndex.search(query, limit);
    },
  };
}

function searchResult(core: OrganisationCore): SearchResultRecord {
  return {
    id: core.id,
    name: core.name,
    altNames: core.altNames,
    registeredAddress: core.address.line,
    county: core.county.name,
    sectorName: core.subSector.sectorName,
    sectorCode: core.subSector.sectorCode,
    subSectorName: core.subSector.name,
    subSectorCode: core.subSector.code,
    url: SEARCH_URL_BASE + core.id,
  };
}
