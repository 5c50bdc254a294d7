// The full Organisation record (api-spec, "Organisation"), made on demand from an organisation's
// eagerly made facts and its own random stream. Field order follows the spec's table.
import type { SubSector } from './classification.ts';
import type { OrganisationCore } from './dataset.ts';
import { COUNTIES, nearby, postalAddress, type County } from './geography.ts';
import { chance, createRandom, integer, pick, pickWeighted, sample, type Random } from './prng.ts';
import { foldText } from './search.ts';
import register from './vocabulary/ie-register.json' with { type: 'json' };
import { VOLUNTARY_CODES } from './voluntary-codes.ts';
import {
  AGENCY_FUNDERS,
  CENTRAL_FUNDERS,
  FIRST_NAMES,
  localAuthorities,
  OBJECT_CONTINUATIONS,
  OBJECT_OPENINGS,
  OTHER_FUNDERS,
  SURNAMES,
  type FunderName,
} from './vocabulary/words.ts';

const INCOME_QUANTILES = register.incomeQuantiles;
const EXPENDITURE_RATIOS = register.expenditureRatioQuantiles;
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

const pad = (value: number, digits = 2) => String(value).padStart(digits, '0');

function dateTime(year: number, month: number, day: number, time?: [number, number, number]): string {
  const [hours, minutes, seconds] = time ?? [0, 0, 0];
  return `${year}-${pad(month)}-${pad(day)}T${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
}

const DAY = 86_400_000;

/** A day between two days (as UTC milliseconds), both included. */
function dayBetween(random: Random, from: number, to: number): number {
  return from + integer(random, 0, Math.max(0, Math.floor((to - from) / DAY))) * DAY;
}

function yearStart(year: number): number {
  return Date.UTC(year, 0, 1);
}

/** `YYYY-MM-DDT00:00:00` of a day given as UTC milliseconds. */
function day(time: number): string {
  return new Date(time).toISOString().slice(0, 19);
}

function randomDate(
  random: Random,
  fromYear: number,
  toYear: number,
): { year: number; month: number; day: number } {
  const date = new Date(dayBetween(random, yearStart(fromYear), yearStart(toYear + 1) - DAY));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** A source date as the services wrote them: some with fractional seconds, .NET's seven digits among them. */
function sourceDate(random: Random, year: number): string {
  const { month, day } = randomDate(random, year, year);
  const base = dateTime(year, month, day, [
    integer(random, 0, 23),
    integer(random, 0, 59),
    integer(random, 0, 59),
  ]);
  const style = random();
  if (style < 0.45) return base;
  if (style < 0.85) return `${base}.${pad(integer(random, 0, 999), 3)}`;
  return `${base}.${pad(integer(random, 0, 9_999_999), 7)}`;
}

function point(coordinates: [number, number]) {
  return { type: 'Point', coordinates };
}

/** [longitude, latitude], as the search backend of the time stored points; a few are flawed. */
function geolocation(random: Random, core: Pick<OrganisationCore, 'town'>) {
  const style = random();
  if (style < 0.04) return point([0, 0]);
  const { latitude, longitude } = nearby(random, core.town);
  // A few records carry the pair the wrong way round, for clients that repair it.
  if (style < 0.055) return point([latitude, longitude]);
  return point([longitude, latitude]);
}

function personName(random: Random): string {
  const first = pick(random, FIRST_NAMES);
  let surname = pick(random, SURNAMES);
  // Irish-form surnames change with the bearer: Ó Briain, but Máire Ní Bhriain.
  const feminine =
    /^(Máire|Siobhán|Aoife|Niamh|Orla|Caoimhe|Gráinne|Róisín|Sinéad|Deirdre|Áine|Bríd|Úna)$/.test(first);
  if (feminine && surname.startsWith('Ó ')) surname = `Ní ${surname.slice(2)}`;
  if (feminine && surname.startsWith('Mac ')) surname = `Nic ${surname.slice(4)}`;
  return `${first} ${surname}`;
}

interface Money {
  income: number;
  grants: number;
}

function financialSummary(random: Random, core: OrganisationCore) {
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

function funders(random: Random, core: OrganisationCore, money: Money) {
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

const REGULATOR = {
  CRA: ['Charities Regulatory Authority', 'CRA', 'https://www.charitiesregulator.ie'],
  CRO: ['Companies Registration Office', 'CRO', 'https://www.cro.ie'],
  Revenue: ['Revenue Commissioners', 'Revenue', 'https://www.revenue.ie'],
  AHBRA: ['Approved Housing Bodies Regulatory Authority', 'AHBRA', 'https://www.ahbregulator.ie'],
  DE: ['Department of Education', 'DE', 'https://www.gov.ie/en/organisation/department-of-education/'],
} as const;

/** A Regulator in the spec's field order. */
function regulator(
  [regulatorName, regulatorDesc, regulatorUrl]: readonly [string, string, string],
  regulatorNumber: string,
) {
  return { regulatorName, regulatorDesc, regulatorNumber, regulatorUrl };
}

const MARKERS: readonly (readonly [string, number])[] = [
  ['Not Applicable', 8],
  ['N/A', 2],
  ['Pending', 1],
];

function isSchool(subSector: SubSector): boolean {
  return subSector.code === '3.2' || subSector.code === '3.3';
}

function isCompany(core: OrganisationCore): boolean {
  return (
    core.governingForm === 'Company Limited by Guarantee' ||
    core.governingForm === 'Designated Activity Company'
  );
}

function regulators(random: Random, core: OrganisationCore) {
  const result: ReturnType<typeof regulator>[] = [];
  const labels: string[] = [];
  const marker = () => pickWeighted(random, MARKERS);
  if (core.registeredCharity) {
    // CRA numbers rise with registration: 20000028 is among the oldest.
    result.push(regulator(REGULATOR.CRA, String(20_000_028 + core.index * 3 + integer(random, 0, 2))));
    labels.push('Registered Charity (CRA)');
  }
  if (isCompany(core)) {
    result.push(regulator(REGULATOR.CRO, String(integer(random, 8_000, 720_000))));
    labels.push('Company (CRO)');
  } else if (core.registeredCharity && chance(random, 0.15)) {
    result.push(regulator(REGULATOR.CRO, marker()));
  }
  if (core.taxEfficientGifts || (core.registeredCharity && chance(random, 0.5))) {
    const number = integer(random, 1_000, 23_999);
    const style = random();
    result.push(
      regulator(
        REGULATOR.Revenue,
        style < 0.06
          ? marker()
          : style < 0.16
            ? String(number)
            : style < 0.26
              ? `CHY ${number}`
              : `CHY${number}`,
      ),
    );
    labels.push('Charitable Tax Exemption (CHY)');
  }
  if (core.taxEfficientGifts) labels.push('Eligible for Tax Relief on Donations (Revenue)');
  if (core.housingBody) {
    result.push(
      regulator(REGULATOR.AHBRA, chance(random, 0.05) ? marker() : `P${pad(integer(random, 1, 999), 4)}`),
    );
    labels.push('Approved Housing Body (AHBRA)');
  }
  if (isSchool(core.subSector)) {
    const roll = `${integer(random, 10_000, 20_999)}${pick(random, [...'ABCDEFGHIJKLMNOPQRSTUVW'])}`;
    result.push(regulator(REGULATOR.DE, roll));
    labels.push('Recognised School (DE)');
  }
  return { regulators: result, regulatory: labels };
}

function otherAddresses(random: Random, core: OrganisationCore) {
  const count = pickWeighted(random, [
    [0, 60],
    [1, 28],
    [2, 8],
    [3, 4],
  ] as const);
  const addresses = [];
  for (let i = 0; i < count; i++) {
    const county: County = chance(random, 0.75) ? core.county : pick(random, COUNTIES);
    const town = pick(random, county.towns);
    const address = postalAddress(random, county, town);
    addresses.push({
      address: address.line,
      cleanAddress: foldText(address.line),
      county: county.name,
      eircode: address.eircode,
      geolocation: geolocation(random, { town }),
    });
  }
  return addresses;
}

function slug(name: string): string {
  return foldText(name.replace(/\b(CLG|Company Limited by Guarantee|Limited|Ltd|DAC|Teoranta)\b\.?/gi, ''))
    .replace(/\b(the|of|and|for|in)\b/g, '')
    .replace(/\s+/g, '')
    .slice(0, 28);
}

function orgUrl(random: Random, core: OrganisationCore): string {
  const style = random();
  if (style < 0.15) return '';
  const domain = slug(core.name) || 'organisation';
  if (style < 0.2) return `https://www.facebook.com/${domain}`;
  const tld = pickWeighted(random, [
    ['ie', 70],
    ['com', 15],
    ['org', 12],
    ['net', 3],
  ] as const);
  const scheme = style < 0.3 ? 'http' : 'https';
  const www = chance(random, 0.85) ? 'www.' : '';
  return `${scheme}://${www}${domain}.${tld}${chance(random, 0.1) ? '/' : ''}`;
}

function sources(random: Random, core: OrganisationCore, website: string, year: number) {
  const list: Record<string, string>[] = [];
  const add = (source: string, url: string, license?: string) => {
    const date = sourceDate(random, integer(random, year, 2021));
    list.push(license === undefined ? { source, url, date } : { source, url, license, date });
  };
  if (core.registeredCharity)
    add(
      'Charities Regulator',
      'https://www.charitiesregulator.ie/en/information-for-the-public/search-the-register-of-charities',
      'CC BY 4.0',
    );
  if (isCompany(core)) add('Companies Registration Office', 'https://core.cro.ie');
  if (core.taxEfficientGifts)
    add(
      'Revenue Commissioners',
      'https://www.revenue.ie/en/corporate/information-about-revenue/statistics/other-datasets/charities/index.aspx',
      'PSI General Licence',
    );
  if (core.housingBody)
    add('Approved Housing Bodies Regulatory Authority', 'https://www.ahbregulator.ie/register/');
  if (isSchool(core.subSector))
    add(
      'Department of Education',
      'https://www.gov.ie/en/collection/63363b-data-on-individual-schools/',
      'CC BY 4.0',
    );
  if (website !== '' && chance(random, 0.4)) add('Annual report', website);
  if (list.length === 0) add('Organisation', website === '' ? 'https://orgdir.example/' : website);
  return list;
}

function legalObjects(random: Random, core: OrganisationCore): string {
  if (chance(random, 0.03)) return '';
  const openings =
    OBJECT_OPENINGS[core.subSector.code] ??
    OBJECT_OPENINGS[core.subSector.sectorCode] ??
    OBJECT_OPENINGS['6'] ??
    [];
  const sentences = [pick(random, openings).replaceAll('{place}', core.place)];
  sentences.push(...sample(random, OBJECT_CONTINUATIONS, integer(random, 0, 3)));
  const joined = sentences.join(' ');
  const text = isCompany(core) ? joined : joined.replaceAll('the Company', 'the Organisation');
  // The register stores an extract: a quarter end part-way through a sentence or a word.
  if (chance(random, 0.25))
    return text.slice(0, integer(random, Math.min(60, text.length - 1), text.length - 1)).trimEnd();
  return text;
}

export function organisationRecord(seed: string, core: OrganisationCore): Record<string, unknown> {
  const random = createRandom(seed, core.index, 'record');
  const { summary, money } = financialSummary(random, core);
  const oldest = core.family === 'school' || core.subSector.sectorCode === '11' ? 1850 : 1963;
  const incorporated = dayBetween(random, yearStart(oldest), yearStart(2021) - DAY);
  const accountsEnd = Date.parse(`${summary.accountToDate}Z`);
  const objectsDate = chance(random, 0.5)
    ? incorporated
    : dayBetween(random, Math.max(incorporated, yearStart(1990)), yearStart(2022) - DAY);
  const website = orgUrl(random, core);
  const { regulators: regulatorList, regulatory } = regulators(random, core);
  const directorCount = chance(random, 0.04)
    ? 0
    : integer(random, 3, money.income > 1_000_000 ? 14 : money.income > 100_000 ? 9 : 7);
  const directorNames = new Set<string>();
  while (directorNames.size < directorCount) directorNames.add(personName(random));
  const directors = [...directorNames].map((name) => ({
    name,
    dateAppointed: day(
      dayBetween(random, Math.max(incorporated, yearStart(1995)), Math.max(incorporated, accountsEnd)),
    ),
  }));
  const employees =
    money.income < 60_000
      ? chance(random, 0.2)
        ? 1
        : 0
      : Math.floor((money.income / 55_000) * (0.3 + random()));

  return {
    id: core.id,
    name: core.name,
    altNames: core.altNames,
    sectorName: core.subSector.sectorName,
    sectorCode: core.subSector.sectorCode,
    subSectorName: core.subSector.name,
    subSectorCode: core.subSector.code,
    secondarySubsectorName: core.secondarySubSector?.name ?? '',
    secondarySubsectorCode: core.secondarySubSector?.code ?? '',
    regulators: regulatorList,
    registeredAddress: core.address.line,
    county: core.county.name,
    geolocation: geolocation(random, core),
    financialSummary: summary,
    funders: funders(random, core, money),
    otherAddresses: otherAddresses(random, core),
    sources: sources(random, core, website, summary.currentYear),
    orgUrl: website,
    incorporatedDate: day(incorporated),
    governingForm: core.governingForm,
    numEmployees: employees,
    legalObjectsExtract: legalObjects(random, core),
    legalObjectsDate: day(objectsDate),
    directors,
    regulatory,
    governanceCodes: VOLUNTARY_CODES.filter((code) => core.voluntaryCodes.includes(code.id)).map((code) => ({
      governanceCodeDesc: code.description,
      governanceCodeUrl: code.url,
    })),
  };
}
