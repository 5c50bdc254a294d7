// The one place the funder, regulator and figures pages read organisations from: each record's
// view made into a small ledger entry (src/lib/ledger.ts), the funders and regulators grouped
// once per snapshot. Everything past `ledgerEntryOf` is plain arithmetic in src/lib.
import { funderGroups, funderKey, type FunderGroup } from '../lib/funders.ts';
import type { LedgerEntry, LedgerGroup } from '../lib/ledger.ts';
import { regulatorGroups, regulatorKey, type RegulatorGroup } from '../lib/regulators.ts';
import {
  figuresBy,
  figuresOf,
  type GroupFigures,
  type MeasureFigure,
  type MeasureKey,
} from '../lib/figures.ts';
import type { BrowseKind } from '../lib/routes.ts';
import { LISTS, readRecord, type OrganisationEntry, type Snapshot } from '../records/register.ts';
import { readOrganisation, type OrganisationView } from '../records/organisation.ts';

/** The ledger entry of one organisation: the adapter from the record view. */
export function ledgerEntryOf(
  organisation: OrganisationView,
  groups: { county: LedgerGroup; sector: LedgerGroup },
  lists: readonly string[],
): LedgerEntry {
  const current = organisation.financials?.current;
  return {
    id: organisation.id,
    name: organisation.name,
    county: groups.county,
    sector: groups.sector,
    lists: [...lists],
    funders: organisation.funders.map((funder) => ({ ...funder })),
    regulators: organisation.regulators.map(({ name, abbreviation, number }) => ({
      ...(name !== undefined && { name }),
      ...(abbreviation !== undefined && { desc: abbreviation }),
      ...(number !== undefined && { number }),
    })),
    ...(current && { financials: { ...current } }),
  };
}

/** The county and sector of an organisation as its browse pages group them. */
export function browseGroupsOf(
  snapshot: Snapshot,
  entry: OrganisationEntry,
): { county: LedgerGroup; sector: LedgerGroup } {
  return {
    county: {
      key: entry.countyKey,
      label: snapshot.countyByKey.get(entry.countyKey)?.label ?? 'County not given',
    },
    sector: {
      key: entry.sectorKey,
      label: snapshot.sectorByKey.get(entry.sectorKey)?.label ?? 'Sector not given',
    },
  };
}

export interface SiteLedger {
  entries: LedgerEntry[];
  funders: FunderGroup[];
  regulators: RegulatorGroup[];
  funderByKey: Map<string, FunderGroup>;
  regulatorByKey: Map<string, RegulatorGroup>;
}

const ledgers = new WeakMap<Snapshot, SiteLedger>();

/** Every organisation's ledger entry and the groups made of them, read once per snapshot. */
export function siteLedger(snapshot: Snapshot): SiteLedger {
  let ledger = ledgers.get(snapshot);
  if (ledger) return ledger;
  const entries: LedgerEntry[] = [];
  for (const entry of snapshot.organisations) {
    const record = readRecord(snapshot.dataDir, entry.id);
    if (record === undefined) continue;
    const lists = (snapshot.listsOf.get(entry.id.toLowerCase()) ?? []).map((list) => list.key);
    entries.push(ledgerEntryOf(readOrganisation(record, entry.id), browseGroupsOf(snapshot, entry), lists));
  }
  const funders = funderGroups(entries);
  const regulators = regulatorGroups(entries);
  ledger = {
    entries,
    funders,
    regulators,
    funderByKey: new Map(funders.map((group) => [group.key, group])),
    regulatorByKey: new Map(regulators.map((group) => [group.key, group])),
  };
  ledgers.set(snapshot, ledger);
  return ledger;
}

/** The funder page of a `fundSource` as an organisation's record spells it. */
export function funderOf(ledger: SiteLedger, source: string | undefined): FunderGroup | undefined {
  return ledger.funderByKey.get(funderKey(source));
}

/** The regulator page of a regulator as an organisation's record gives it. */
export function regulatorOf(
  ledger: SiteLedger,
  regulator: { name?: string; abbreviation?: string },
): RegulatorGroup | undefined {
  return ledger.regulatorByKey.get(regulatorKey(regulator.name ?? regulator.abbreviation));
}

export interface RegisterFigures {
  organisations: number;
  whole: Record<MeasureKey, MeasureFigure>;
  dimensions: {
    id: string;
    title: string;
    groupTitle: string;
    folder?: BrowseKind;
    groups: GroupFigures[];
  }[];
}

/** The register in figures: the whole register, then by county, by sector and by list. */
export function registerFigures(snapshot: Snapshot): RegisterFigures {
  const { entries } = siteLedger(snapshot);
  const sectorOrder = new Map(snapshot.sectors.map((sector, index) => [sector.key, index]));
  const listTitles = new Map<string, string>(LISTS.map((list) => [list.key, list.title]));
  const listOrder = new Map<string, number>(LISTS.map((list, index) => [list.key, index]));
  return {
    organisations: entries.length,
    whole: figuresOf(entries),
    dimensions: [
      {
        id: 'county',
        title: 'By county',
        groupTitle: 'County',
        folder: 'county',
        groups: figuresBy(entries, (entry) => [entry.county]),
      },
      {
        id: 'sector',
        title: 'By sector',
        groupTitle: 'Sector',
        folder: 'sector',
        groups: figuresBy(
          entries,
          (entry) => [entry.sector],
          (a, b) => (sectorOrder.get(a.key) ?? 0) - (sectorOrder.get(b.key) ?? 0),
        ),
      },
      {
        id: 'list',
        title: 'By list',
        groupTitle: 'List',
        folder: 'list',
        groups: figuresBy(
          entries,
          (entry) => entry.lists.map((key) => ({ key, label: listTitles.get(key) ?? key })),
          (a, b) => (listOrder.get(a.key) ?? 0) - (listOrder.get(b.key) ?? 0),
        ),
      },
    ],
  };
}

/** The browse page's slug of a county, sector or list key; none for "not given". */
export function browseSlugOf(snapshot: Snapshot, kind: BrowseKind, key: string): string | undefined {
  if (key === '') return undefined;
  if (kind === 'county') return snapshot.countyByKey.get(key)?.slug;
  if (kind === 'sector') return snapshot.sectorByKey.get(key)?.slug;
  if (kind === 'list') return LISTS.find((list) => list.key === key)?.slug;
  return undefined;
}
