// The one place the funder, regulator and figures pages read organisations from: each record's
// view made into a small money entry (src/money/entries.ts), the funders and regulators grouped
// once per register. Everything past `moneyEntryOf` is plain arithmetic over those entries.
import { funderGroups, funderKey, type FunderGroup } from './funders.ts';
import type { MoneyEntry, MoneyGroup } from './entries.ts';
import { regulatorGroups, regulatorKey, type RegulatorGroup } from './regulators.ts';
import { figuresBy, figuresOf, type GroupFigures, type MeasureFigure, type MeasureKey } from './figures.ts';
import type { BrowseKind } from '../lib/routes.ts';
import { scalarText } from '../lib/text.ts';
import { givenAt, writtenAt, type Organisation } from '../records/organisation.ts';
import { LISTS, type OrganisationEntry, type Register } from '../records/register.ts';

/** The money entry of one organisation: the adapter from the record model. */
export function moneyEntryOf(
  organisation: Organisation,
  name: string,
  groups: { county: MoneyGroup; sector: MoneyGroup },
  lists: readonly string[],
): MoneyEntry {
  const summary = organisation.financialSummary;
  // The amount as the record writes it where the number read may not say it exactly.
  const exact = (field: keyof NonNullable<typeof summary>, value: number | undefined) =>
    value === undefined ? undefined : (writtenAt(organisation, `financialSummary.${field}`) ?? value);
  const figures = summary && {
    income: exact('currentIncome', summary.currentIncome),
    expenditure: exact('currentExpenditure', summary.currentExpenditure),
    grants: exact('currentGrants', summary.currentGrants),
    netAssets: exact('currentNetAssets', summary.currentNetAssets),
  };
  const financials =
    figures && Object.fromEntries(Object.entries(figures).filter(([, value]) => value !== undefined));
  return {
    id: organisation.id,
    name,
    county: groups.county,
    sector: groups.sector,
    lists: [...lists],
    funders: organisation.funders.map(({ fundSource, amount, fundingType }, index) => {
      // An amount the model could not read as a number is still shown as the record gives it.
      const amountText =
        amount === undefined ? scalarText(givenAt(organisation, `funders[${index}].amount`)) : undefined;
      const amountWritten =
        amount === undefined ? undefined : writtenAt(organisation, `funders[${index}].amount`);
      return {
        ...(fundSource !== undefined && { source: fundSource }),
        ...(amount !== undefined && { amount }),
        ...(amountText !== undefined && { amountText }),
        ...(amountWritten !== undefined && { amountWritten }),
        ...(fundingType !== undefined && { type: fundingType }),
      };
    }),
    regulators: organisation.regulators.map(({ regulatorName, regulatorDesc, regulatorNumber }) => ({
      ...(regulatorName !== undefined && { name: regulatorName }),
      ...(regulatorDesc !== undefined && { desc: regulatorDesc }),
      ...(regulatorNumber !== undefined && { number: regulatorNumber }),
    })),
    ...(financials && Object.keys(financials).length > 0 && { financials }),
  };
}

/** The county and sector of an organisation as its browse pages group them. */
function browseGroupsOf(
  register: Register,
  entry: OrganisationEntry,
): { county: MoneyGroup; sector: MoneyGroup } {
  return {
    county: {
      key: entry.countyKey,
      label: register.countyByKey.get(entry.countyKey)?.label ?? 'County not given',
    },
    sector: {
      key: entry.sectorKey,
      label: register.sectorByKey.get(entry.sectorKey)?.label ?? 'Sector not given',
    },
  };
}

export interface RegisterMoney {
  entries: MoneyEntry[];
  funders: FunderGroup[];
  regulators: RegulatorGroup[];
  funderByKey: Map<string, FunderGroup>;
  regulatorByKey: Map<string, RegulatorGroup>;
}

const registerMoneys = new WeakMap<Register, RegisterMoney>();

/** Every organisation's money entry and the groups made of them, once per register. */
export function registerMoney(register: Register): RegisterMoney {
  let money = registerMoneys.get(register);
  if (money) return money;
  const entries = register.organisations.map((entry) =>
    moneyEntryOf(
      entry.organisation,
      entry.name,
      browseGroupsOf(register, entry),
      (register.listsOf.get(entry.id.toLowerCase()) ?? []).map((list) => list.key),
    ),
  );
  const funders = funderGroups(entries);
  const regulators = regulatorGroups(entries);
  money = {
    entries,
    funders,
    regulators,
    funderByKey: new Map(funders.map((group) => [group.key, group])),
    regulatorByKey: new Map(regulators.map((group) => [group.key, group])),
  };
  registerMoneys.set(register, money);
  return money;
}

/** The funder page of a `fundSource` as an organisation's record spells it. */
export function funderOf(money: RegisterMoney, source: string | undefined): FunderGroup | undefined {
  return money.funderByKey.get(funderKey(source));
}

/** The regulator page of a regulator as an organisation's record gives it. */
export function regulatorOf(
  money: RegisterMoney,
  regulator: { name?: string; abbreviation?: string },
): RegulatorGroup | undefined {
  return money.regulatorByKey.get(regulatorKey(regulator.name ?? regulator.abbreviation));
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
export function registerFigures(register: Register): RegisterFigures {
  const { entries } = registerMoney(register);
  const sectorOrder = new Map(register.sectors.map((sector, index) => [sector.key, index]));
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
export function browseSlugOf(register: Register, kind: BrowseKind, key: string): string | undefined {
  if (key === '') return undefined;
  if (kind === 'county') return register.countyByKey.get(key)?.slug;
  if (kind === 'sector') return register.sectorByKey.get(key)?.slug;
  if (kind === 'list') return LISTS.find((list) => list.key === key)?.slug;
  return undefined;
}
