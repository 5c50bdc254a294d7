// Derives the compact vocabulary of the sample register (derived-vocabulary.json, committed in
// src/sample-api/vocabulary/) from the Charities Regulator's public register, so that the sample API reads like the real
// one without depending on the source files at run time:
//
//   node scripts/derive-vocabulary.ts [../shared/data/ie-charities]
//   npx prettier --write src/sample-api/vocabulary/derived-vocabulary.json
//
// Source: Charities Regulator, Register of Charities and annual-report extracts (January 2021),
// CC BY 4.0; as cleaned in github.com/jackapbutler/Charity-Visualizer (MIT, (c) 2021 Jack Butler).
//
// What is kept: the county spread; the place names that open local organisations' names and the
// "kind" that follows them ("Tulsk" + "Community Development Group CLG"), recombined at random so
// that no sample organisation carries a real charity's name and figures together; the Irish names
// of national schools; and quantiles of gross income and of expenditure over income.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Words that open the "kind" of a local organisation, the part of its name after its place
 * ("Tulsk" + "Community Development Group CLG"). Only words that rarely follow anything but a place.
 */
const KIND_OPENERS = new Set(
  (
    'N NS Ns National Community Parish Family Housing Voluntary Tidy GAA Playgroup Childcare Development ' +
    "Day Social Historical History Heritage Men’s Men's Mens Youth Resource Active Senior Sports Athletic " +
    'Rugby Soccer Football Hurling Camogie Boxing Swimming Rowing Sailing Golf Tennis Cycling Drama ' +
    "Dramatic Musical Festival Theatre Enterprise Partnership Residents Hospice Meals Women's Womens " +
    'Parents Church Presbyterian Methodist Baptist Scouts Scout River Sub-Aqua Lifeboat Coast Mountain ' +
    'Wildlife Environmental Angling Allotments School Schools Secondary College Vocational Parochial Town ' +
    'Area District Amenity Hall Library Museum Volunteer Pre-School Preschool Montessori Creche Pipe Brass ' +
    'Choral Choir Players Agricultural Show Macra Leisure Playground Traveller Travellers Respite Mixed ' +
    'Boys Girls Junior Infant Infants Convent Care Befriending Pitch Regatta Harbour Rural Integrated'
  ).split(/\s+/),
);

/** Second words that can end a two-word place ("Passage East", "Newtown Cross"). */
const PLACE_ENDINGS = new Set(
  'East West North South Upper Lower Bridge Cross Hill Harbour Point Quay Road'.split(' '),
);

/** Words that cannot be (all of) a place: the opening of a name that is not local. */
const NOT_PLACES = new Set(
  (
    'The St St. Saint Our Holy Irish Ireland National Community Scoil S N Sn Gaelscoil Coláiste Colaiste ' +
    'North South East West Upper Lower New Old Greater Mid Friends Society Association Church County City ' +
    "Co Co. An Na Naomh Cumann Dublin's Ireland's All A Mount Sisters Daughters Brothers Congregation " +
    'Order Young Little First Central Rural Special Catholic Christian Protestant Presbyterian Methodist ' +
    'Baptist Islamic Muslim Jewish Hindu Buddhist Sikh Royal Mater Sacred Blessed Mother Father Fr. Fr Sr. ' +
    "Bro. Dr. Mr. Mrs. Ms. Care Cancer Children's Childrens Family Parents People Women's Youth Senior " +
    'Mental Health Animal Home Hope Life Good Help Aid Action Focus Inclusion Project Centre Services Trust ' +
    'Foundation Fund Group Limited Ltd CLG Local Integrated Computer Mixed Boys Girls Junior Infant Convent ' +
    'Presentation Mercy Loreto Christ Jesus Mary Joseph Patrick Brigid Diocesan Diocese Evangelical Free ' +
    'Reformed Grace Living Word Faith Bible Gospel Victory Redeemed Deaf Blind Autism Disability Sports ' +
    'Art Arts Music Dance African Polish Chinese Indian Filipino Lithuanian European International Global ' +
    // Seen before "Community ..." or "Development ..." in the register, but not places.
    'Accessible Aontas Candle Chrysalis Eritrean Malawi Masonic Natural Romanian Simon Servite Sudanese ' +
    'Magnet Middle Twomey Transfiguration Trinity Zion Noor Al-khidmah Aster Markiewicz Louvain Markets ' +
    'Harold Bunratty'
  ).split(/\s+/),
);

const CAPITALISED = /^(?:[A-ZÁÉÍÓÚ][a-záéíóú]+(?:-[a-záéíóú]+)*|Mc[A-Z][a-z]+|O'[A-Z][a-z]+)$/;

/** Openers after which the words before are almost always a place: the places are taken from these. */
const PLACE_OPENERS = new Set(
  "N NS Ns National Community Parish Tidy GAA Family Development Mixed Boys Girls Parochial Town Area District Residents Active Men’s Men's Mens Historical".split(
    ' ',
  ),
);

interface Register {
  names: string[];
  counties: string[];
  numbers: number[];
}

function readRegister(folder: string): Register {
  const general = JSON.parse(readFileSync(join(folder, 'general_data.json'), 'utf8')) as Record<
    string,
    Record<string, string | number>
  >;
  const rows = Object.keys(general['Registered Charity Name'] ?? {});
  const column = (name: string, row: string) => general[name]?.[row];
  return {
    names: rows.map((row) => String(column('Registered Charity Name', row) ?? '')),
    counties: rows.map((row) => String(column('Benefact_county', row) ?? '')),
    numbers: rows.map((row) => Number(column('Registered Charity Number', row))),
  };
}

function titleCase(word: string): string {
  return word.charAt(0) + word.slice(1).toLowerCase();
}

/** Splits "Kilteevan Community Development Group CLG" into place and kind, or undefined. */
export function splitLocalName(
  name: string,
): { place: string; kind: string; placeIsCertain: boolean } | undefined {
  const words = name.trim().split(/\s+/);
  const upper = name === name.toUpperCase();
  const key = (word: string) => (upper ? titleCase(word) : word);
  const placeWord = (word: string) =>
    (upper ? /^[A-ZÁÉÍÓÚ'-]{3,}$/.test(word) : CAPITALISED.test(word)) &&
    !NOT_PLACES.has(key(word)) &&
    !KIND_OPENERS.has(key(word));
  for (let length = 1; length <= 2 && length < words.length; length++) {
    const place = words.slice(0, length);
    const opener = key(words[length] ?? '');
    const next = key(words[length + 1] ?? '');
    const opens = KIND_OPENERS.has(opener) || ((opener === 'and' || opener === '&') && next === 'District');
    if (!opens) continue;
    if (!placeWord(place[0] ?? '')) return undefined;
    if (length === 2 && !PLACE_ENDINGS.has(key(place[1] ?? ''))) return undefined;
    const kind = words.slice(length).join(' ');
    if (kind.split(' ').length < 2) return undefined;
    const placeIsCertain = PLACE_OPENERS.has(opener) || opener === 'and' || opener === '&';
    return { place: place.map(key).join(' '), kind, placeIsCertain };
  }
  return undefined;
}

/** "S N Cill Damhain", "Scoil Mhuire", "Gaelscoil Mhic Aodha": the name after the school word. */
export function splitSchoolName(name: string): { opener: string; rest: string } | undefined {
  const match = /^(S N|Sn|S\.N\.|Scoil|Gaelscoil|Coláiste|Naomh)\s+(.+?)(?:\s+N\s?S)?\s*$/.exec(name.trim());
  if (match === null) return undefined;
  const rest = match[2] ?? '';
  if (rest.length < 3 || /Limited|Ltd|CLG|Company/i.test(rest)) return undefined;
  return { opener: match[1] ?? '', rest };
}

function parseEuro(cell: string): number | undefined {
  const digits = cell.replace(/[€,"\s]/g, '');
  if (digits === '') return undefined;
  const value = Number(digits);
  return Number.isFinite(value) ? value : undefined;
}

function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (char === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

function quantiles(values: number[], steps: number): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const result: number[] = [];
  for (let i = 0; i <= steps; i++) {
    const position = (i / steps) * (sorted.length - 1);
    result.push(sorted[Math.round(position)] ?? 0);
  }
  return result;
}

function countBy(values: readonly string[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

export function deriveVocabulary(folder: string) {
  const register = readRegister(folder);
  const localities = new Map<string, Set<string>>();
  const kinds: string[] = [];
  const schoolOpeners: string[] = [];
  const schoolNames = new Set<string>();
  register.names.forEach((name, index) => {
    const county = titleCase(register.counties[index] ?? '');
    const local = splitLocalName(name);
    if (local !== undefined && county !== '') {
      kinds.push(local.kind);
    }
    if (local?.placeIsCertain === true && county !== '') {
      if (!localities.has(county)) localities.set(county, new Set());
      localities.get(county)?.add(local.place);
    }
    const school = splitSchoolName(name);
    if (school !== undefined) {
      schoolOpeners.push(school.opener);
      schoolNames.add(school.rest);
    }
  });

  // Latest period per charity: its gross income, and expenditure over income.
  const lines = readFileSync(join(folder, 'fin_data.csv'), 'utf8').split(/\r?\n/).slice(1);
  const latest = new Map<string, { end: string; income: number; expenditure: number | undefined }>();
  for (const line of lines) {
    if (line.trim() === '') continue;
    const cells = splitCsvLine(line);
    const number = cells[1] ?? '';
    const end = (cells[3] ?? '').split('/').reverse().join('-');
    const income = parseEuro(cells[10] ?? '');
    const expenditure = parseEuro(cells[11] ?? '');
    if (income === undefined) continue;
    const known = latest.get(number);
    if (known === undefined || known.end < end) latest.set(number, { end, income, expenditure });
  }
  const incomes = [...latest.values()].map((entry) => entry.income);
  const ratios = [...latest.values()]
    .filter((entry) => entry.expenditure !== undefined && entry.income > 1000)
    .map((entry) => Math.round(((entry.expenditure ?? 0) / entry.income) * 1000) / 1000)
    .filter((ratio) => ratio > 0 && ratio < 5);

  return {
    source:
      'Derived from the Charities Regulator Register of Charities and annual-report extracts (January 2021), ' +
      'CC BY 4.0, as cleaned in github.com/jackapbutler/Charity-Visualizer (MIT). See derive.ts.',
    registeredCharities: register.names.length,
    countyWeights: countBy(register.counties.map(titleCase).filter((county) => county !== '')),
    localities: Object.fromEntries(
      [...localities]
        .sort((a, b) => (a[0] < b[0] ? -1 : 1))
        .map(([county, places]) => [county, [...places].sort()]),
    ),
    kinds: countBy(kinds).filter(([, count]) => count >= 1),
    schoolOpeners: countBy(schoolOpeners),
    schoolNames: [...schoolNames].sort(),
    incomeQuantiles: quantiles(incomes, 200),
    expenditureRatioQuantiles: quantiles(ratios, 100),
  };
}

if (import.meta.main) {
  const here = dirname(fileURLToPath(import.meta.url));
  const folder = resolve(process.argv[2] ?? join(here, '../../shared/data/ie-charities'));
  const vocabulary = deriveVocabulary(folder);
  writeFileSync(
    join(here, '../src/sample-api/vocabulary/derived-vocabulary.json'),
    JSON.stringify(vocabulary, null, 2) + '\n',
  );
  console.log(
    `derived-vocabulary.json: ${vocabulary.kinds.length} kinds, ` +
      `${Object.values(vocabulary.localities).reduce((sum, places) => sum + places.length, 0)} places, ` +
      `${vocabulary.schoolNames.length} school names`,
  );
}
