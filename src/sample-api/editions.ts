// Later editions of the sample register: what a nightly rebuild meets when the register moves on.
// Edition 1 is the register of dataset.ts untouched. Each later edition applies one known set of
// changes to the one before it, drawn from a stream seeded by (seed, 'edition', n), so tests know
// exactly what changed between two crawls (issue 6: editions and what changed).
//
// Per edition, with `per` = 1% of `orgs` (at least 1), each to distinct organisations that are in
// some list (so that a crawl of the lists meets every change):
// - added:       `per` new organisations (the next indexes after every earlier one), each in a list;
// - removed:     `per` organisations leave every list and their record answers 404;
// - renamed:     `per` organisations take a new name; the old one is put first in `altNames`;
// - refinanced:  `per` organisations file a new year of accounts: `financialSummary` moves on a year,
//                this year's figures become the previous year's;
// - moved:       `per` organisations leave `taxEfficientGifts` and join `housingBodies`; their
//                `regulatory` labels follow (the Revenue label out, the AHBRA label in);
// - adoptedCode: `per` registered charities join the TRIPLELOCK voluntary code; `governanceCodes`
//                gains it.
// Only those fields change: the rest of each record is generated as in edition 1.
import type { OrganisationCore } from './organisation-core.ts';
import { organisationName } from './names.ts';
import { createRandom, sample, type Random } from './prng.ts';
import { VOLUNTARY_CODES } from './voluntary-codes.ts';

/** Share of the register each kind of change touches per edition. */
const EDITION_CHANGE_SHARE = 0.01;
/** The voluntary code that organisations adopt in later editions. */
export const ADOPTED_CODE = 'TRIPLELOCK';
const TAX_RELIEF_LABEL = 'Eligible for Tax Relief on Donations (Revenue)';
const HOUSING_BODY_LABEL = 'Approved Housing Body (AHBRA)';

type FinancialSummary = Record<string, unknown>;

/** One known change of an edition, relative to the edition before it. */
export type EditionChange =
  | { kind: 'added'; id: string; name: string }
  | { kind: 'removed'; id: string; name: string }
  | { kind: 'renamed'; id: string; from: string; to: string }
  | { kind: 'refinanced'; id: string; name: string; from: FinancialSummary; to: FinancialSummary }
  | { kind: 'moved'; id: string; name: string; from: 'taxEfficientGifts'; to: 'housingBodies' }
  | { kind: 'adoptedCode'; id: string; name: string; code: string };

export interface EditionState {
  /** Every organisation of the edition (gone ones included), as the lists and search see it. */
  cores: OrganisationCore[];
  /** The core a record is generated from, by id: edition 1's, or the added organisation's own. */
  recordCores: Map<string, OrganisationCore>;
  /** Fields that replace the generated ones in a record, by id. */
  patches: Map<string, Record<string, unknown>>;
  /** The changes of the last edition applied. */
  changes: EditionChange[];
}

export interface EditionInput {
  seed: string;
  orgs: number;
  edition: number;
  /** Edition 1's organisations, in index order. */
  cores: readonly OrganisationCore[];
  makeCore: (index: number) => OrganisationCore;
  /** The record generated from a core, before patches. */
  generateRecord: (core: OrganisationCore) => Record<string, unknown>;
}

function isListed(core: OrganisationCore): boolean {
  return (
    core.registeredCharity || core.taxEfficientGifts || core.housingBody || core.voluntaryCodes.length > 0
  );
}

function governanceCodes(codes: readonly string[]) {
  return VOLUNTARY_CODES.filter((code) => codes.includes(code.id)).map((code) => ({
    governanceCodeDesc: code.description,
    governanceCodeUrl: code.url,
  }));
}

/** A new name for an organisation, unlike its current one. */
function rename(random: Random, core: OrganisationCore): string {
  for (let attempt = 0; attempt < 20; attempt++) {
    const { name } = organisationName(random, {
      housingBody: core.housingBody,
      county: core.county,
      town: core.town,
      place: core.place,
    });
    if (name !== core.name) return name;
  }
  return `${core.name} Ireland`;
}

/** A year of accounts on: this year's figures become last year's, the new ones grow or shrink. */
function refinance(random: Random, before: FinancialSummary): FinancialSummary {
  const number = (key: string) => {
    const value = before[key];
    return typeof value === 'number' ? value : 0;
  };
  const growth = 0.85 + random() * 0.4;
  const spending = 0.8 + random() * 0.4;
  const assets = 0.9 + random() * 0.3;
  const year = number('currentYear') + 1;
  const accountToDate = before['accountToDate'];
  return {
    ...before,
    currentYear: year,
    currentIncome: Math.round(number('currentIncome') * growth),
    currentNetAssets: Math.round(number('currentNetAssets') * assets),
    currentGrants: Math.round(number('currentGrants') * growth),
    currentExpenditure: -Math.round(Math.abs(number('currentExpenditure')) * spending),
    prevIncome: number('currentIncome'),
    prevNetAssets: number('currentNetAssets'),
    prevGrants: number('currentGrants'),
    prevExpenditure: number('currentExpenditure'),
    accountToDate:
      typeof accountToDate === 'string' ? accountToDate.replace(/^\d{4}/, String(year)) : accountToDate,
  };
}

/**
 * `count` organisations new to the register, made from `firstIndex` on (skipping ids it already
 * knew), each kept in `recordCores` and noted in `changes`; and the index to make the next from.
 */
function newOrganisations(
  input: EditionInput,
  recordCores: Map<string, OrganisationCore>,
  count: number,
  firstIndex: number,
  changes: EditionChange[],
): { cores: OrganisationCore[]; nextIndex: number } {
  const cores: OrganisationCore[] = [];
  const known = new Set(recordCores.keys());
  let nextIndex = firstIndex;
  while (cores.length < count) {
    let core = input.makeCore(nextIndex++);
    if (known.has(core.id)) continue;
    // A new organisation is met through a list, as a crawler meets every other.
    if (!isListed(core)) core = { ...core, registeredCharity: true };
    known.add(core.id);
    recordCores.set(core.id, core);
    cores.push(core);
    changes.push({ kind: 'added', id: core.id, name: core.name });
  }
  return { cores, nextIndex };
}

/** Applies editions 2..`edition` to edition 1's organisations. */
export function applyEditions(input: EditionInput): EditionState {
  const recordCores = new Map(input.cores.map((core) => [core.id, core]));
  const patches = new Map<string, Record<string, unknown>>();
  let cores = [...input.cores];
  let changes: EditionChange[] = [];
  let nextIndex = input.cores.length;
  const per = Math.max(1, Math.round(input.orgs * EDITION_CHANGE_SHARE));

  const recordOf = (core: OrganisationCore) => ({
    ...input.generateRecord(recordCores.get(core.id) ?? core),
    ...patches.get(core.id),
  });
  const patch = (id: string, fields: Record<string, unknown>) =>
    patches.set(id, { ...patches.get(id), ...fields });

  for (let edition = 2; edition <= input.edition; edition++) {
    const random = createRandom(input.seed, 'edition', edition);
    const touched = new Set<string>();
    const choose = (eligible: (core: OrganisationCore) => boolean) => {
      const chosen = sample(
        random,
        cores.filter((core) => !core.gone && !touched.has(core.id) && eligible(core)),
        per,
      );
      for (const core of chosen) touched.add(core.id);
      return chosen;
    };
    const replaced = new Map<string, OrganisationCore>();
    changes = [];

    const removed = new Set(choose(isListed).map((core) => core.id));
    for (const core of cores) {
      if (removed.has(core.id)) changes.push({ kind: 'removed', id: core.id, name: core.name });
    }

    for (const core of choose(isListed)) {
      const name = rename(random, core);
      const altNames = [core.name, ...core.altNames.filter((alt) => alt !== name && alt !== core.name)];
      replaced.set(core.id, { ...core, name, altNames });
      patch(core.id, { name, altNames });
      changes.push({ kind: 'renamed', id: core.id, from: core.name, to: name });
    }

    for (const core of choose(isListed)) {
      const before = recordOf(core)['financialSummary'] as FinancialSummary;
      const after = refinance(random, before);
      patch(core.id, { financialSummary: after });
      changes.push({ kind: 'refinanced', id: core.id, name: core.name, from: before, to: after });
    }

    for (const core of choose((candidate) => candidate.taxEfficientGifts && !candidate.housingBody)) {
      const labels = (recordOf(core)['regulatory'] as string[]).filter((label) => label !== TAX_RELIEF_LABEL);
      replaced.set(core.id, { ...core, taxEfficientGifts: false, housingBody: true });
      patch(core.id, { regulatory: [...labels, HOUSING_BODY_LABEL] });
      changes.push({
        kind: 'moved',
        id: core.id,
        name: core.name,
        from: 'taxEfficientGifts',
        to: 'housingBodies',
      });
    }

    for (const core of choose(
      (candidate) => candidate.registeredCharity && !candidate.voluntaryCodes.includes(ADOPTED_CODE),
    )) {
      const codes = VOLUNTARY_CODES.map((code) => code.id).filter(
        (id) => id === ADOPTED_CODE || core.voluntaryCodes.includes(id),
      );
      replaced.set(core.id, { ...core, voluntaryCodes: codes });
      patch(core.id, { governanceCodes: governanceCodes(codes) });
      changes.push({ kind: 'adoptedCode', id: core.id, name: core.name, code: ADOPTED_CODE });
    }

    const added = newOrganisations(input, recordCores, per, nextIndex, changes);
    nextIndex = added.nextIndex;

    cores = [
      ...cores.filter((core) => !removed.has(core.id)).map((core) => replaced.get(core.id) ?? core),
      ...added.cores,
    ];
  }
  return { cores, recordCores, patches, changes };
}
