// The money of a sample record: its financial summary, drawn from the register's own income
// distribution (vocabulary/derived-vocabulary.json), and the funders that its grants came from.
import type { OrganisationCore } from './organisation-core.ts';
import { chance, integer, pickWeighted, sample, type Random } from './prng.ts';
import { dateTime } from './record-dates.ts';
import derived from './vocabulary/derived-vocabulary.json' with { type: 'json' };
import {
  AGENCY_FUNDERS,
  CENTRAL_FUNDERS,
  localAuthorities,
  OTHER_FUNDERS,
  type FunderName,
} from './vocabulary/words.ts';

const INCOME_QUANTILES = derived.incomeQuantiles;
const EXPENDITURE_RATIOS = derived.expenditureRatioQuantiles;
/** The largest figure in the source is a filing error of 18 billion; the top is capped below it. */
const INCOME_CAP = 600_000_000;

/** Reads a quantile table at `u` in [0, 1), interpolating on a log scale for money. */
function quantile(table: readonly number[], u: number, logScale: boolean): number {
  const position = u * (table.length - 1);
  const low = Math.floor(position);
  const a = table[low] ?? 0;
  const b = table[Math.min(low + 1, table.length - 1)] ?? a;
  const t = position - low;
  if (!logScale || a <= 0 || b <= 0) return a + (b - a) * t;
  return Math.exp(Math.log(a) + (Math.log(b) - Math.log(a)) * t);
}

export interface Money {
  income: number;
  grants: number;
}

export function financialSummary(random: Random, core: OrganisationCore) {
  // Where an organisation sits in the register's income distribution, shifted by its kind.
  let u = random();
  if (core.family === 'school') u = 0.45 + 0.5 * u;
  else if (core.family === 'national' || core.family === 'housing') u = 0.25 + 0.75 * u;
  else if (core.family === 'local' || core.family === 'shared' || core.family === 'gaa') u *= 0.93;
  const noAccounts = chance(random, 0.04);
  const income = noAccounts ? 0 : Math.min(INCOME_CAP, Math.round(quantile(INCOME_QUANTILES, u, true)));
  const ratio = quantile(EXPENDITURE_RATIOS, random() * 0.99, false);
  const grantShare =
    core.family === 'school'
      ? 0.8 + random() * 0.18
      : chance(random, 0.3)
        ? 0
        : core.housingBody
          ? 0.2 + random() * 0.5
          : random() * 0.75;
  const netAssetsFactor = Math.exp((random() - 0.4) * 2.5) * 0.6 * (chance(random, 0.06) ? -0.3 : 1);
  const drift = () => 0.75 + random() * 0.45;
  const prevIncome = Math.round(income * drift());
  const yearRoll = random();
  const currentYear =
    yearRoll < 0.1 ? 2021 : yearRoll < 0.5 ? 2020 : yearRoll < 0.8 ? 2019 : yearRoll < 0.9 ? 2018 : 2017;
  const yearEnd =
    core.family === 'school' && chance(random, 0.9)
      ? [8, 31]
      : pickWeighted(random, [
          [[12, 31], 70],
          [[6, 30], 10],
          [[9, 30], 8],
          [[3, 31], 5],
          [[8, 31], 7],
        ] as const);
  const summary = {
    currentYear,
    currentIncome: income,
    currentNetAssets: Math.round(income * netAssetsFactor),
    currentGrants: Math.round(income * grantShare),
    currentExpenditure: -Math.round(income * ratio),
    prevIncome,
    prevNetAssets: Math.round(income * netAssetsFactor * drift()),
    prevGrants: Math.round(prevIncome * grantShare * drift()),
    prevExpenditure: -Math.round(prevIncome * quantile(EXPENDITURE_RATIOS, random() * 0.99, false)),
    accountToDate: dateTime(currentYear, yearEnd[0], yearEnd[1]),
  };
  return { summary, money: { income, grants: summary.currentGrants } satisfies Money };
}

function funderPool(core: OrganisationCore): FunderName[] {
  const agency = (name: string) => AGENCY_FUNDERS.filter((funder) => funder.name === name);
  const central = (name: string) => CENTRAL_FUNDERS.filter((funder) => funder.name.startsWith(name));
  const local = localAuthorities(core.county.name).map((name) => ({ name, fundingType: 'Local Authority' }));
  switch (core.subSector.code) {
    case '3.1':
      return [
        ...agency('Pobal'),
        ...central('Department of Children'),
        ...agency('Tusla - Child and Family Agency'),
      ];
    case '3.2':
    case '3.3':
      return [...central('Department of Education'), ...local];
    case '6.5':
      return [...local, ...central('Department of Housing'), ...agency('The Housing Agency')];
    case '5.3':
    case '5.1':
      return [...agency('Tusla - Child and Family Agency'), ...central('Department of Children'), ...local];
    case '10.1':
    case '10.2':
      return [
        ...central('Department of Foreign Affairs'),
        ...OTHER_FUNDERS.filter((f) => f.fundingType === 'Philanthropy'),
      ];
    case '1.4':
      return [...agency('Foras na Gaeilge'), ...agency('Údarás na Gaeltachta')];
    default:
      break;
  }
  switch (core.subSector.sectorCode) {
    case '1':
      return [...agency('The Arts Council'), ...agency('The Heritage Council'), ...local];
    case '2':
      return [
        ...agency('Sport Ireland'),
        ...local,
        ...OTHER_FUNDERS.filter((f) => f.name === 'National Lottery'),
      ];
    case '4':
    case '5':
      return [...agency('Health Service Executive'), ...agency('HSE'), ...agency('Pobal'), ...local];
    case '6':
      return [...agency('Pobal'), ...central('Department of Rural'), ...local, ...OTHER_FUNDERS.slice(0, 2)];
    default:
      return [...local, ...agency('Pobal'), ...OTHER_FUNDERS];
  }
}

export function funders(random: Random, core: OrganisationCore, money: Money) {
  if (money.grants <= 0) return [];
  const pool = [
    ...new Map([...funderPool(core), ...sample(random, OTHER_FUNDERS, 1)].map((f) => [f.name, f])).values(),
  ];
  const chosen = sample(random, pool, integer(random, 1, Math.min(5, pool.length)));
  const weights = chosen.map((_, index) => (index === 0 ? 3 : 1) * (0.2 + random()));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  // Some records list only part of the grants they report.
  const listed = chance(random, 0.7) ? money.grants : Math.round(money.grants * (0.3 + random() * 0.6));
  return chosen.map((funder, index) => ({
    fundSource: funder.name,
    amount: Math.round((listed * (weights[index] ?? 0)) / total),
    fundingType: funder.fundingType,
  }));
}
