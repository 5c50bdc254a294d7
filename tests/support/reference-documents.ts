// What a search should find of each organisation, read straight from its stored record (as
// JSON.parse gives it) by the tests' own code: the texts of each field, each name written the other
// ways a reader may type it, the codes, and the facts the filters test. Nothing here comes from
// src/, so a field the site's search documents dropped, or a name variant they lost, makes the
// search tests that compare against it fail.
import { referenceWords } from './search-reference.ts';

/** The fields a plain query searches, each a list of texts; a phrase must lie inside one text. */
export interface ReferenceFields {
  name: string[];
  altNames: string[];
  codes: string[];
  address: string[];
  classification: string[];
  objects: string[];
  directors: string[];
}

export interface ReferenceDocument {
  id: string;
  /** The name as the record gives it, '' when it gives none. */
  name: string;
  fields: ReferenceFields;
  /** The filters' facts: the county as written, the sector's code, list and code keys, funder keys, status labels. */
  county: string;
  sector: string;
  lists: string[];
  voluntaryCodes: string[];
  funders: string[];
  status: string[];
}

type Json = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const texts = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
const objects = (value: unknown): Json[] =>
  Array.isArray(value) ? value.filter((item): item is Json => typeof item === 'object' && item !== null) : [];
const given = (values: readonly string[]): string[] => values.filter((value) => value !== '');

/** Words a name writes two ways, the usual spelling first. */
const SPELLINGS: readonly (readonly string[])[] = [
  ['saint', 'st'],
  ['association', 'assoc', 'assn'],
  ['limited', 'ltd'],
  ['teoranta', 'teo'],
];

/** Legal forms of several words and their short forms, written out first. */
const LEGAL_FORMS: readonly (readonly [string, string])[] = [
  ['company limited by guarantee', 'clg'],
  ['designated activity company', 'dac'],
  ['unlimited company', 'uc'],
  ['public limited company', 'plc'],
];

/**
 * A name as readers also write it: each word that has other spellings in its first spelling, then
 * its second, and so on (all such words together, one keeping its first when it has no more), and
 * a legal form written out shortened or shortened written out. The name's own words are left out.
 */
function referenceNameVariants(name: string): string[] {
  const words = referenceWords(name);
  const written = words.join(' ');
  const variants = new Set<string>();
  for (const [long, short] of LEGAL_FORMS) {
    const padded = ` ${written} `;
    if (padded.includes(` ${long} `)) variants.add(padded.replaceAll(` ${long} `, ` ${short} `).trim());
    if (padded.includes(` ${short} `)) variants.add(padded.replaceAll(` ${short} `, ` ${long} `).trim());
  }
  const spellings = words.map((word) => SPELLINGS.find((group) => group.includes(word)));
  const ranks = Math.max(0, ...spellings.map((group) => group?.length ?? 0));
  for (let rank = 0; rank < ranks; rank += 1)
    variants.add(words.map((word, at) => spellings[at]?.[rank] ?? spellings[at]?.[0] ?? word).join(' '));
  variants.delete(written);
  return [...variants];
}

/** A code as written and, when it has anything but letters and digits inside, also joined up. */
function codeTexts(code: string): string {
  const trimmed = code.trim();
  const joined = referenceWords(trimmed).join('');
  return joined !== '' && referenceWords(trimmed).length > 1 ? `${trimmed} ${joined}` : trimmed;
}

/** Eircodes inside an address: a routing key (a letter and two digits, or D6W) and four characters. */
const EIRCODE_IN_TEXT = /\b([ACDEFHKNPRTVWXY]\d\d|D6W) ?([0-9ACDEFHKNPRTVWXY]{4})\b/gi;

/** The registration numbers that carry a digit, and the org-id identifiers of the Regulator's and the CRO's. */
function numbersOf(record: Json): string[] {
  const codes: string[] = [];
  for (const regulator of objects(record['regulators'])) {
    const written = text(regulator['regulatorNumber']);
    if (!/\d/.test(written)) continue;
    codes.push(written);
  }
  for (const regulator of objects(record['regulators'])) {
    const written = text(regulator['regulatorNumber']).replace(/[\s.\-:#]/g, '');
    const scheme = { CRA: 'IE-CHY', CRO: 'IE-CRO' }[text(regulator['regulatorDesc']).trim().toUpperCase()];
    const digits = /^(?:RCN|CRO)?0*(\d+)$/i.exec(written)?.[1];
    if (scheme !== undefined && digits !== undefined) codes.push(`${scheme}-${digits}`);
  }
  return codes;
}

/** The document a search should find an organisation by, from its record and the lists and codes it is on. */
export function referenceDocument(
  record: Json,
  membership: { lists: readonly string[]; voluntaryCodes: readonly string[] },
): ReferenceDocument {
  const name = text(record['name']);
  const altNames = texts(record['altNames']);
  const others = objects(record['otherAddresses']);
  const addresses = given([
    text(record['registeredAddress']),
    ...others.map((other) => text(other['address'])),
  ]);
  const eircodes = new Map<string, string>();
  for (const eircode of [
    ...others.map((other) => text(other['eircode'])),
    ...addresses.flatMap((address) => [...address.matchAll(EIRCODE_IN_TEXT)].map((m) => `${m[1]} ${m[2]}`)),
  ]) {
    const key = referenceWords(eircode).join('');
    if (key !== '' && !eircodes.has(key)) eircodes.set(key, eircode);
  }
  const funders = new Set(
    objects(record['funders'])
      .map((funder) => referenceFunderKey(text(funder['fundSource'])))
      .filter((key) => key !== ''),
  );
  return {
    id: text(record['id']),
    name,
    fields: {
      name: given([name]),
      altNames: [...altNames, ...new Set([name, ...altNames].flatMap(referenceNameVariants))],
      codes: [...new Set([...numbersOf(record), ...eircodes.values()].map(codeTexts))],
      address: given([...addresses, text(record['county']), ...others.map((other) => text(other['county']))]),
      classification: given(
        ['sectorName', 'subSectorName', 'secondarySubsectorName'].map((key) => text(record[key])),
      ),
      objects: given([text(record['legalObjectsExtract'])]),
      directors: given(objects(record['directors']).map((director) => text(director['name']).trim())),
    },
    county: text(record['county']),
    sector: text(record['sectorCode']) || text(record['sectorName']).toLowerCase(),
    lists: [...new Set(membership.lists)],
    voluntaryCodes: [...new Set(membership.voluntaryCodes)],
    funders: [...funders],
    status: [...new Set(texts(record['regulatory']))],
  };
}

function withoutMarks(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '');
}

/** The county filter's key: "Co. Galway", "County Galway" and "Galway" are one; "Dublin 8" is Dublin. */
export function referenceCountyKey(county: string): string {
  const words = withoutMarks(county)
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
  if (words.length > 1 && (words[0] === 'co' || words[0] === 'county')) words.shift();
  if (words.length > 1 && /^\d+[a-z]?$/.test(words.at(-1)!)) words.pop();
  return words.filter((word) => !/\d/.test(word)).join(' ');
}

/** The status filter's key: the label in lower case, its words joined by hyphens. */
export function referenceStatusKey(label: string): string {
  return withoutMarks(label)
    .toLowerCase()
    .replaceAll('&', ' and ')
    .split(/[^a-z0-9.]+/)
    .filter((word) => word !== '')
    .join('-');
}

/** The funder filter's key: the name's letters and digits in lower case, so "POBAL." is Pobal. */
export function referenceFunderKey(name: string): string {
  return [...name.normalize('NFKC').toLowerCase()]
    .filter((character) => /[\p{L}\p{N}]/u.test(character))
    .join('');
}
