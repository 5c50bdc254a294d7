// Names of sample organisations. Local names join a real place of the county to a real "kind" of
// organisation taken from other names in the register (vocabulary/derived-vocabulary.json), so they read
// like the register without copying any one charity's name.
import { classifyName } from './classification.ts';
import type { County, Town } from './geography.ts';
import {
  chance,
  pick,
  pickFromTable,
  pickWeighted,
  weightedTable,
  type Random,
  type WeightedTable,
} from './prng.ts';
import derived from './vocabulary/derived-vocabulary.json' with { type: 'json' };
import {
  CONDITIONS,
  COUNTRIES,
  DIOCESES,
  LEGAL_ENDINGS,
  NATIONAL_PATTERNS,
  SAINTS,
  SHARED_NAMES,
  SURNAMES,
  UNINCORPORATED_FORMS,
} from './vocabulary/words.ts';

export type NameFamily = 'local' | 'school' | 'national' | 'gaa' | 'saint' | 'shared' | 'housing';

export interface OrganisationName {
  name: string;
  altNames: string[];
  /** Legal form implied by the name, or one drawn for it ("Company Limited by Guarantee"). */
  governingForm: string;
  family: NameFamily;
}

type Kind = string;

function kindTable(filter: (kind: string) => boolean): WeightedTable<Kind> {
  return weightedTable(
    (derived.kinds as [string, number][])
      .filter(([kind]) => filter(kind))
      // Flatten the head of the distribution so that "N S" does not name a third of the register.
      .map(([kind, count]) => [kind, Math.sqrt(count)] as const),
  );
}

const isHousingKind = (kind: string) => classifyName(kind)?.code === '6.5';
const isSchoolKind = (kind: string) => ['3.2', '3.3'].includes(classifyName(`Place ${kind}`)?.code ?? '');

const HOUSING_KINDS = kindTable(isHousingKind);
const SCHOOL_KINDS = kindTable(isSchoolKind);
const LOCAL_KINDS = kindTable((kind) => !isHousingKind(kind) && !isSchoolKind(kind));
const SCHOOL_OPENERS = derived.schoolOpeners as [string, number][];
const SCHOOL_NAMES = derived.schoolNames;
const LOCALITIES = derived.localities as Record<string, string[]>;

const COMPANY_ENDING =
  /(?:\s(?:CLG|Company Limited by Guarantee|Limited|Ltd\.?|Teoranta|Teo\.?|Cuideachta Faoi Theorainn Ráthaíochta|Company))\.?$/i;
const DAC_ENDING = /\s(?:DAC|Designated Activity Company)\.?$/i;

/** A place for a local name: the town itself or a village or district of the county. */
export function locality(random: Random, county: County, town: Town): string {
  const places = LOCALITIES[county.name] ?? [];
  if (town.name.startsWith('Dublin ') || (places.length > 0 && chance(random, 0.55))) {
    return places.length > 0 ? pick(random, places) : town.name;
  }
  return town.name;
}

/** Joins place and kind; a kind filed in capitals takes its place with it. */
function localName(place: string, kind: string): string {
  return kind === kind.toUpperCase() && /[A-Z]{2}/.test(kind)
    ? `${place.toUpperCase()} ${kind}`
    : `${place} ${kind}`;
}

function saintPossessive(random: Random, saint: string): string {
  return pickWeighted(random, [
    [`St. ${saint}'s`, 50],
    [`St ${saint}'s`, 20],
    [`Saint ${saint}'s`, 12],
    [`St. ${saint}’s`, 6],
    [`St ${saint}s`, 12],
  ]);
}

function legalForm(random: Random, name: string, family: NameFamily): string {
  if (DAC_ENDING.test(name)) return 'Designated Activity Company';
  if (COMPANY_ENDING.test(name)) return 'Company Limited by Guarantee';
  if (family === 'school') return 'School Board of Management';
  return pickWeighted(random, UNINCORPORATED_FORMS);
}

function withEnding(random: Random, name: string): string {
  if (COMPANY_ENDING.test(name) || DAC_ENDING.test(name)) return name;
  const [ending] = pickWeighted(
    random,
    LEGAL_ENDINGS.map((entry) => [entry, entry[2]] as const),
  );
  return name + ending;
}

function schoolName(random: Random, place: string): string {
  const style = random();
  if (style < 0.5) {
    const opener = pickWeighted(random, SCHOOL_OPENERS);
    return `${opener} ${pick(random, SCHOOL_NAMES)}`;
  }
  if (style < 0.85) return localName(place, pickFromTable(random, SCHOOL_KINDS));
  const saint = pick(random, SAINTS);
  return pickWeighted(random, [
    [`${saintPossessive(random, saint.english)} National School`, 4],
    [`Scoil Naomh ${saint.irish}`, 2],
    [`${saintPossessive(random, saint.english)} Secondary School`, 2],
    [`Coláiste ${saint.irish}`, 1],
    [`${saintPossessive(random, saint.english)} Special School`, 1],
  ]);
}

function nationalName(random: Random): string {
  const { pattern, fill } = pick(random, NATIONAL_PATTERNS);
  const value =
    fill === 'condition'
      ? pick(random, CONDITIONS)
      : fill === 'country'
        ? pick(random, COUNTRIES)
        : fill === 'diocese'
          ? pick(random, DIOCESES)
          : pick(random, SURNAMES);
  return pattern.replace('{}', value);
}

function acronym(name: string): string | undefined {
  const words = name
    .replace(COMPANY_ENDING, '')
    .split(/\s+/)
    .filter((word) => /^[A-ZÁÉÍÓÚ]/.test(word));
  return words.length >= 3 ? words.map((word) => word.charAt(0)).join('') : undefined;
}

function quirks(random: Random, name: string): string {
  // The register keeps names as filed: some in capitals, some with a stray full stop or space.
  if (chance(random, 0.025)) return name.toUpperCase();
  if (chance(random, 0.01)) return `${name}.`;
  if (chance(random, 0.005)) return name.replace(' ', '  ');
  return name;
}

export interface NameContext {
  housingBody: boolean;
  county: County;
  town: Town;
  place: string;
}

/** A housing body's name: mostly local, some after a saint, a few in Irish with the English beside. */
function housingName(random: Random, place: string, altNames: string[]): string {
  const style = random();
  if (style < 0.75) return localName(place, pickFromTable(random, HOUSING_KINDS));
  if (style < 0.92) {
    return withEnding(random, `${saintPossessive(random, pick(random, SAINTS).english)} Housing Association`);
  }
  const saint = pick(random, SAINTS);
  altNames.push(`${saintPossessive(random, saint.english)} Housing Association`);
  return `Tithe Naomh ${saint.irish} Teoranta`;
}

/** A GAA club's name: in Irish after its town or a saint, with the English as another name, or plain English. */
function gaaName(random: Random, town: Town, place: string, altNames: string[]): string {
  const irish = town.irish;
  if (irish !== undefined && chance(random, 0.5)) {
    altNames.push(`${town.name} GAA Club`);
    return `Cumann Lúthchleas Gael ${irish}`;
  }
  if (chance(random, 0.3)) {
    const saint = pick(random, SAINTS);
    altNames.push(`${saintPossessive(random, saint.english)} GAA Club ${place}`);
    return `CLG Naomh ${saint.irish}`;
  }
  return `${place} GAA Club`;
}

/** A hospice, church, centre or club named after a saint, sometimes with its place. */
function saintInstitutionName(random: Random, place: string): string {
  return withEnding(
    random,
    `${saintPossessive(random, pick(random, SAINTS).english)} ${pick(random, [
      'Hospice',
      'Day Care Centre',
      'Parish Church',
      'Community Centre',
      'Youth Club',
      'Hospital',
      'Centre',
      'Family Resource Centre',
    ])}${chance(random, 0.5) ? ` ${place}` : ''}`,
  );
}

export function organisationName(random: Random, context: NameContext): OrganisationName {
  const { place, town } = context;
  const family: NameFamily = context.housingBody
    ? 'housing'
    : pickWeighted<NameFamily>(random, [
        ['local', 55],
        ['school', 14],
        ['national', 11],
        ['gaa', 5],
        ['saint', 8],
        ['shared', 1.2],
      ]);
  const altNames: string[] = [];
  let name: string;
  switch (family) {
    case 'housing':
      name = housingName(random, place, altNames);
      break;
    case 'school':
      name = schoolName(random, place);
      if (name.startsWith('Scoil Naomh ') && chance(random, 0.5)) altNames.push(`${place} National School`);
      break;
    case 'national':
      name = withEnding(random, nationalName(random));
      break;
    case 'gaa':
      name = gaaName(random, town, place, altNames);
      break;
    case 'saint':
      name = saintInstitutionName(random, place);
      break;
    case 'shared':
      name = pick(random, SHARED_NAMES);
      break;
    case 'local':
      name = localName(place, pickFromTable(random, LOCAL_KINDS));
      break;
  }

  if (family !== 'shared') {
    const short = name.replace(COMPANY_ENDING, '').replace(DAC_ENDING, '');
    if (short !== name && chance(random, 0.3)) altNames.push(short);
    const initials = acronym(name);
    if (initials !== undefined && chance(random, 0.12)) altNames.push(initials);
    if (chance(random, 0.05))
      altNames.push(`${place} ${pickFromTable(random, LOCAL_KINDS)}`.replace(COMPANY_ENDING, ''));
    name = quirks(random, name);
  }
  return { name, altNames, governingForm: legalForm(random, name, family), family };
}
