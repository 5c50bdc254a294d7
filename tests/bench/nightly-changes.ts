// An ordinary night of the register, for the history stage: 1% of the organisations change their
// record the way the register's records change from one night to the next, the lists left as they
// are. A third of them file a new year of accounts, a third move their registered address, a third
// change a director (one appointed, the longest-serving one leaving). Pure: the same night of the
// same register makes the same changes.
import { COUNTIES, nearby, postalAddress } from '../../src/sample-api/geography.ts';
import { createRandom, pick, sample, type Random } from '../../src/sample-api/prng.ts';

/** The share of the register a night changes. */
const NIGHT_CHANGE_SHARE = 0.01;

const NIGHT_CHANGE_KINDS = ['financialYear', 'address', 'director'] as const;
type NightChangeKind = (typeof NIGHT_CHANGE_KINDS)[number];

export interface NightChange {
  id: string;
  kind: NightChangeKind;
}

/**
 * The organisations night `night` changes: `share` of `ids` (at least one), each once, drawn from
 * the night's own stream; the kinds of change in turn.
 */
export function nightChanges(
  ids: readonly string[],
  night: number,
  share = NIGHT_CHANGE_SHARE,
): NightChange[] {
  const random = createRandom('history', night, 'changes');
  const count = Math.min(ids.length, Math.max(1, Math.round(ids.length * share)));
  return sample(random, ids, count).map((id, index) => ({ id, kind: NIGHT_CHANGE_KINDS[index % 3]! }));
}

/** The date of night `night`: nights are days on from the first edition's. */
export function nightDate(night: number): Date {
  return new Date(Date.UTC(2026, 0, 1 + night, 3));
}

const FIRST_NAMES = [
  'Aoife',
  'Brian',
  'Ciara',
  'Declan',
  'Eimear',
  'Fergal',
  'Gráinne',
  'Niamh',
  'Seán',
  'Tomás',
];
const SURNAMES = [
  'Byrne',
  'Doyle',
  'Gallagher',
  'Kelly',
  'Murphy',
  'Nolan',
  'O’Brien',
  'Ryan',
  'Walsh',
  'Whelan',
];

const number = (value: unknown) => (typeof value === 'number' ? value : 0);

/** A year of accounts on: this year's figures become last year's, the new ones grow or shrink. */
function newFinancialYear(random: Random, before: unknown): Record<string, unknown> {
  const summary = typeof before === 'object' && before !== null ? (before as Record<string, unknown>) : {};
  const year = number(summary['currentYear']) + 1;
  const change = (key: string) => Math.round(number(summary[key]) * (0.85 + random() * 0.4));
  const accountToDate = summary['accountToDate'];
  return {
    ...summary,
    currentYear: year,
    currentIncome: change('currentIncome'),
    currentNetAssets: change('currentNetAssets'),
    currentGrants: change('currentGrants'),
    currentExpenditure: change('currentExpenditure'),
    prevIncome: number(summary['currentIncome']),
    prevNetAssets: number(summary['currentNetAssets']),
    prevGrants: number(summary['currentGrants']),
    prevExpenditure: number(summary['currentExpenditure']),
    accountToDate:
      typeof accountToDate === 'string'
        ? accountToDate.replace(/^\d{4}/, String(year))
        : `${year}-12-31T00:00:00`,
  };
}

/** A new registered address in the same county (any county when the record names none known). */
function newAddress(random: Random, record: Record<string, unknown>): Record<string, unknown> {
  const county = COUNTIES.find((candidate) => candidate.name === record['county']) ?? pick(random, COUNTIES);
  const town = pick(random, county.towns);
  const address = postalAddress(random, county, town);
  const { latitude, longitude } = nearby(random, town);
  return {
    registeredAddress: address.line,
    county: county.name,
    geolocation: { type: 'Point', coordinates: [longitude, latitude] },
  };
}

/** One director appointed on the night; the longest-serving one leaves when there are three or more. */
function newDirector(
  random: Random,
  record: Record<string, unknown>,
  night: number,
): Record<string, unknown> {
  const before = Array.isArray(record['directors']) ? (record['directors'] as unknown[]) : [];
  const after = before.length >= 3 ? before.slice(1) : [...before];
  const name = `${pick(random, FIRST_NAMES)} ${pick(random, SURNAMES)}`;
  after.push({ name, dateAppointed: `${nightDate(night).toISOString().slice(0, 10)}T00:00:00` });
  return { directors: after };
}

/** `record` with the change of `kind` made on night `night`; `record` itself is left as it was. */
export function changedRecord(
  record: Record<string, unknown>,
  change: NightChange,
  night: number,
): Record<string, unknown> {
  const random = createRandom('history', night, change.id);
  switch (change.kind) {
    case 'financialYear':
      return { ...record, financialSummary: newFinancialYear(random, record['financialSummary']) };
    case 'address':
      return { ...record, ...newAddress(random, record) };
    case 'director':
      return { ...record, ...newDirector(random, record, night) };
  }
}
