// The full Organisation record (its shape: src/schemas/organisation.ts), made on demand from an
// organisation's eagerly made facts and its own random stream, its fields in the API's order.
import type { OrganisationCore } from './organisation-core.ts';
import { COUNTIES, nearby, postalAddress, type County } from './geography.ts';
import { chance, createRandom, integer, pick, pickWeighted, sample, type Random } from './prng.ts';
import { day, dayBetween, DAY, yearStart } from './record-dates.ts';
import { financialSummary, funders } from './record-money.ts';
import { isCompany, regulators, sources } from './record-registration.ts';
import { foldServiceText } from '../lib/service-search.ts';
import { VOLUNTARY_CODES } from './voluntary-codes.ts';
import { FIRST_NAMES, OBJECT_CONTINUATIONS, OBJECT_OPENINGS, SURNAMES } from './vocabulary/words.ts';

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
      cleanAddress: foldServiceText(address.line),
      county: county.name,
      eircode: address.eircode,
      geolocation: geolocation(random, { town }),
    });
  }
  return addresses;
}

function slug(name: string): string {
  return foldServiceText(
    name.replace(/\b(CLG|Company Limited by Guarantee|Limited|Ltd|DAC|Teoranta)\b\.?/gi, ''),
  )
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
