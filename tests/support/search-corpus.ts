// Organisation records made to trouble a search engine: shared words in different orders (so
// that a bag of words and a phrase disagree), accents, apostrophes, hyphens, ampersands, codes
// with and without spaces, the same word in several fields. Deterministic for a seed.

export type Random = () => number;

/** mulberry32: small, fast and good enough for test data. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: Random, values: readonly T[]): T {
  return values[Math.floor(random() * values.length)]!;
}

export function integer(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

const PLACES = [
  'Galway',
  'Cork',
  'Dublin',
  'Sligo',
  'Ennis',
  'Tralee',
  'Dún Laoghaire',
  'Cill Airne',
  'Béal Átha Cliath',
  'Naas',
  'Clonmel',
];
const COUNTIES = [
  'Galway',
  'Co. Galway',
  'Cork',
  'County Cork',
  'Dublin',
  'Dublin 8',
  'Sligo',
  'Clare',
  'Kerry',
  'Kildare',
  'Tipperary',
  '',
];
const NAME_WORDS = [
  'Community',
  'Housing',
  'Social',
  'Youth',
  'Sports',
  'Club',
  'Association',
  'Trust',
  'Foundation',
  'Society',
  'Centre',
  'Development',
  'Family',
  'Resource',
  'Arts',
  'Festival',
  'Heritage',
  'Care',
  'Services',
  'Limited',
  'Cumann',
  'Lúthchleas',
  'Gael',
  'Óg',
  'Naomh',
  'Pádraig',
  'Brothers & Sisters',
  'Co-operative',
  'Mná',
  'Éire',
];
const SURNAMES = [
  "O'Sullivan",
  'O Sullivan',
  "O'Brien",
  'Ó Briain',
  'McCarthy',
  'Mac Carthaigh',
  "St. Patrick's",
  'Saint Patricks',
  'Walsh',
  'Breathnach',
];
const STREETS = [
  'Main Street',
  'Church Road',
  'Bóthar na Trá',
  'Sráid an Mhuilinn',
  'The Square',
  'Quay Street',
  'Market Lane',
];
const SECTORS: readonly [string, string, [string, string][]][] = [
  [
    '5',
    'Social Services',
    [
      ['5.3', 'Youth services'],
      ['5.7', 'Homeless and emergency relief'],
    ],
  ],
  [
    '6',
    'Development, Housing',
    [
      ['6.1', 'Local development'],
      ['6.5', 'Social housing'],
    ],
  ],
  ['2', 'Recreation, Sports', [['2.3', 'Sports organisations']]],
  ['1', 'Arts, Culture, Media', [['1.1', 'Arts']]],
  ['4', 'Health', [['4.1', 'Hospitals and hospices']]],
];
const OBJECT_PHRASES = [
  'to promote social housing',
  'for the benefit of the community',
  'to advance education in the arts',
  'the relief of poverty',
  'housing for older people',
  'to promote the Irish language',
  'community development in Galway',
  'sports and recreation for young people',
  'the care of children & families',
  "in memory of St. Patrick's",
  'to provide services to people who are homeless',
  'the preservation of heritage',
];
const STATUSES = [
  'Registered Charity (CRA)',
  'Company (CRO)',
  'Charitable Tax Exemption (CHY)',
  'Approved Housing Body (AHBRA)',
];
const LISTS = ['registeredCharities', 'taxEfficientGifts', 'housingBodies'];
const CODES = ['GOVERNANCECODE', 'ICTR', 'SORP'];
const ROUTING_KEYS = ['D02', 'D6W', 'H91', 'T12', 'F91', 'V93', 'A94'];
const IDENTIFIER_CHARACTERS = '0123456789ACDEFHKNPRTVWXY';

function guid(random: Random): string {
  const hex = (length: number) =>
    Array.from({ length }, () => Math.floor(random() * 16).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
}

function eircode(random: Random): string {
  const identifier = Array.from({ length: 4 }, () => pick(random, [...IDENTIFIER_CHARACTERS])).join('');
  return `${pick(random, ROUTING_KEYS)}${random() < 0.5 ? ' ' : ''}${identifier}`;
}

function words(random: Random, count: number): string {
  return Array.from({ length: count }, () => pick(random, NAME_WORDS)).join(' ');
}

export interface CorpusRecord {
  record: Record<string, unknown>;
  lists: string[];
  voluntaryCodes: string[];
}

const FUNDER_NAMES = [
  'Pobal',
  'POBAL.',
  'Health Service Executive',
  'Dept. of Health',
  'Galway County Council',
  'Pobal',
];

/** `count` records for `seed`. */
export function searchCorpus(seed: number, count: number): CorpusRecord[] {
  const random = seededRandom(seed);
  // The status and the income come from a stream of their own, so that the records drawn from
  // `random` stay as they were for the same seed.
  const facts = seededRandom(seed ^ 0x5bd1e995);
  const records: CorpusRecord[] = [];
  for (let index = 0; index < count; index += 1) {
    const [sectorCode, sectorName, subSectors] = pick(random, SECTORS);
    const [subSectorCode, subSectorName] = pick(random, subSectors);
    const place = pick(random, PLACES);
    const name =
      random() < 0.3
        ? `${pick(random, SURNAMES)} ${words(random, integer(random, 1, 3))}`
        : random() < 0.5
          ? `${place} ${words(random, integer(random, 1, 3))}`
          : `${words(random, integer(random, 1, 4))}${random() < 0.3 ? ` ${place}` : ''}`;
    const registeredAddress = `${integer(random, 1, 120)} ${pick(random, STREETS)}, ${place}${random() < 0.4 ? `, ${eircode(random)}` : ''}`;
    const record: Record<string, unknown> = {
      id: guid(random),
      name,
      altNames:
        random() < 0.3
          ? [words(random, integer(random, 1, 3)), ...(random() < 0.3 ? [pick(random, SURNAMES)] : [])]
          : [],
      sectorName,
      sectorCode,
      subSectorName,
      subSectorCode,
      secondarySubsectorName: random() < 0.2 ? 'Social housing' : '',
      secondarySubsectorCode: '',
      regulators: [
        ...(random() < 0.6
          ? [
              {
                regulatorName: 'Charities Regulatory Authority',
                regulatorDesc: 'CRA',
                regulatorNumber: String(20000000 + integer(random, 0, 99999)),
                regulatorUrl: '',
              },
            ]
          : []),
        ...(random() < 0.5
          ? [
              {
                regulatorName: 'Revenue Commissioners',
                regulatorDesc: 'CHY',
                regulatorNumber: `CHY ${integer(random, 1000, 25000)}`,
                regulatorUrl: '',
              },
            ]
          : []),
        ...(random() < 0.2
          ? [
              {
                regulatorName: 'Companies Registration Office',
                regulatorDesc: 'CRO',
                regulatorNumber: 'Not Applicable',
                regulatorUrl: '',
              },
            ]
          : []),
      ],
      registeredAddress,
      county: pick(random, COUNTIES),
      otherAddresses:
        random() < 0.3
          ? [
              {
                address: `${pick(random, STREETS)}, ${pick(random, PLACES)}`,
                cleanAddress: '',
                county: pick(random, COUNTIES),
                eircode: random() < 0.7 ? eircode(random) : '',
              },
            ]
          : [],
      legalObjectsExtract: Array.from({ length: integer(random, 0, 4) }, () =>
        pick(random, OBJECT_PHRASES),
      ).join(', '),
      directors: [
        {
          name: `${pick(random, ['Mary', 'Seán', 'John'])} ${pick(random, SURNAMES)}`,
          dateAppointed: '2010-01-01T00:00:00',
        },
      ],
    };
    if (random() < 0.03) record['name'] = null;
    if (random() < 0.03) record['altNames'] = 'not a list';
    records.push({
      record,
      lists: LISTS.filter(() => random() < 0.35),
      voluntaryCodes: CODES.filter(() => random() < 0.15),
    });
    // Drawn last, so that the records above stay as they were for the same seed. Spellings of one
    // funder that differ in case and punctuation, and one funder named twice.
    record['funders'] = FUNDER_NAMES.filter(() => random() < 0.25).map((fundSource) => ({
      fundSource,
      amount: integer(random, 1, 500_000),
      fundingType: 'Government',
    }));
    record['regulatory'] = STATUSES.filter(() => facts() < 0.4);
    if (facts() < 0.85) {
      // Some incomes equal, so that the order among equals is tested too.
      const currentIncome = facts() < 0.1 ? 50_000 : integer(facts, -2_000, 9_000_000);
      record['financialSummary'] = { currentIncome, currentYear: integer(facts, 2018, 2024) };
    }
  }
  return records;
}
