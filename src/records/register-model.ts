// What a read register is made of: the group lists, one entry per organisation (kept packed while
// the pages render), the members of lists and codes, the browse groups, and the register itself.
// ./register.ts reads a data folder into these; ./browse-groups.ts and ./member-lists.ts build
// parts of them.
import type { CrawlManifest } from '../schemas/manifest.ts';
import { countyKey } from '../lib/counties.ts';
import { displayName, type Organisation } from './organisation.ts';
import { packOrganisation, unpackOrganisation } from './packed.ts';
import { letterOf, NOT_GIVEN_KEY } from './group-keys.ts';

/** The three group lists of the API, in the order the site shows them. */
export const LISTS = [
  {
    key: 'registeredCharities',
    slug: 'registered-charities',
    title: 'Registered charities',
    description: 'Organisations registered with the charities regulator.',
  },
  {
    key: 'taxEfficientGifts',
    slug: 'tax-efficient-gifts',
    title: 'Tax-efficient gifts',
    description: 'Organisations qualifying for tax relief on donations.',
  },
  {
    key: 'housingBodies',
    slug: 'housing-bodies',
    title: 'Approved housing bodies',
    description: 'Organisations registered as approved housing bodies with the housing regulator.',
  },
] as const;

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

/**
 * An organisation the site has a page for although the data folder has no record of it
 * (src/editions/former.ts), as search, the list matcher and the A–Z list it.
 */
export interface ListedFormer {
  /** In lower case, as its page is named. */
  id: string;
  organisation: Organisation;
  /** The date (YYYY-MM-DD) of the edition since which it is no longer on the register; none for a carried one (not fetched). */
  goneSince?: string;
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
  /** The manifest's bytes as the crawl wrote them (published as a download); absent without one. */
  manifestBytes?: Buffer;
  /** Files of the data folder that could not be read, with the reason. */
  unreadable: { file: string; reason: string }[];
}
