// Who regulates whom: every regulator the records name (`regulatorName`, grouped as funder names
// are), with its abbreviation (`regulatorDesc`) and the organisations it regulates with their
// numbers.
import type { MoneyEntry, MoneyGroup } from './entries.ts';
import {
  compareNames,
  countsOf,
  distinctSlugs,
  nameKey,
  nameSlug,
  spellingsByUse,
  type Spelling,
} from './name-groups.ts';

const UNNAMED_REGULATOR_KEY = '';
const UNNAMED_REGULATOR_SLUG = 'not-given--regulator';

interface RegulatedRow {
  id: string;
  name: string;
  county: MoneyGroup;
  /** Every number the record gives under this regulator, as given. */
  numbers: string[];
}

export interface RegulatorGroup {
  key: string;
  slug: string;
  label: string;
  named: boolean;
  /** Every spelling of `regulatorName`, commonest first. */
  spellings: Spelling[];
  /** Every `regulatorDesc` given with it, commonest first. */
  descriptions: Spelling[];
  /** One row per organisation, by name. */
  rows: RegulatedRow[];
}

/** A regulator is named by `regulatorName`, or by `regulatorDesc` when the record has no name. */
function nameOf(regulator: { name?: string; desc?: string }): string | undefined {
  return regulator.name ?? regulator.desc;
}

export function regulatorKey(name: string | undefined): string {
  return name === undefined || name.trim() === '' ? UNNAMED_REGULATOR_KEY : nameKey(name);
}

/** Every regulator the entries name, the most organisations first. */
export function regulatorGroups(entries: readonly MoneyEntry[]): RegulatorGroup[] {
  const byKey = new Map<
    string,
    { names: string[]; descriptions: string[]; rows: Map<string, RegulatedRow> }
  >();
  for (const entry of entries) {
    for (const regulator of entry.regulators) {
      const name = nameOf(regulator);
      const key = regulatorKey(name);
      let group = byKey.get(key);
      if (!group) byKey.set(key, (group = { names: [], descriptions: [], rows: new Map() }));
      if (name !== undefined) group.names.push(name);
      if (regulator.desc !== undefined) group.descriptions.push(regulator.desc);
      let row = group.rows.get(entry.id);
      if (!row)
        group.rows.set(
          entry.id,
          (row = { id: entry.id, name: entry.name, county: entry.county, numbers: [] }),
        );
      if (regulator.number !== undefined && !row.numbers.includes(regulator.number))
        row.numbers.push(regulator.number);
    }
  }
  const groups = [...byKey].map(([key, group]): RegulatorGroup => {
    const named = key !== UNNAMED_REGULATOR_KEY;
    const spellings = spellingsByUse(countsOf(group.names));
    const label = named ? spellings[0]!.name : 'Regulator not given';
    return {
      key,
      slug: named ? nameSlug(key, label) : UNNAMED_REGULATOR_SLUG,
      label,
      named,
      spellings,
      descriptions: spellingsByUse(countsOf(group.descriptions)),
      rows: [...group.rows.values()].sort((a, b) => compareNames(a.name, b.name) || compareNames(a.id, b.id)),
    };
  });
  groups.sort(
    (a, b) =>
      Number(!a.named) - Number(!b.named) || b.rows.length - a.rows.length || compareNames(a.label, b.label),
  );
  distinctSlugs(groups);
  return groups;
}
