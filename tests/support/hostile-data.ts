// A data folder as the crawler could write it from an API that means harm: every string of some
// organisations is attack text (markup, script break-outs, event-handler attributes, unsafe URLs,
// bidirectional overrides, line separators), ids in lists and voluntary-code ids are paths and
// device names, one value is 1 MB long, and numbers come as text. Written into a temporary folder
// by the tests that need it, so the megabyte is never committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A word every hostile organisation carries in its name, so that one search finds them all. */
export const HOSTILE_WORD = 'zyxhostile';

/** Text that must stay text wherever it lands: in elements, attributes, inline JSON and index files. */
export const ATTACKS: readonly string[] = [
  '<script>alert(1)</script>',
  '</script><script>alert(2)</script>',
  '<!--<script>alert(3)//',
  '" onmouseover="alert(4)" data-x="',
  "' onfocus='alert(5)' autofocus='",
  '<img src=x onerror=alert(6)>',
  '<svg onload=alert(7)></svg>',
  '"><iframe srcdoc="<script>alert(8)</script>">',
  '&lt;script&gt;alert(9)&lt;/script&gt;',
  '${alert(10)} {{alert(11)}} `alert(12)`',
  '\u202Egnp.exe\u202C right-to-left override',
  'line\u2028separator\u2029paragraph \u0000 nul',
  ']]></style><style>*{display:none}</style>',
];

/** What URL fields carry: none of them may become a link or a request. */
const UNSAFE_URLS: readonly string[] = [
  'javascript:alert(101)',
  'JaVaScRiPt:alert(102)',
  ' javascript:alert(103)',
  'java\tscript:alert(104)',
  'data:text/html,<script>alert(105)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxMDYpPC9zY3JpcHQ+',
  'vbscript:msgbox(107)',
  '//evil.example/x',
  '/etc/passwd',
  '../../etc/passwd',
  'https://evil.example/" onmouseover="alert(108)',
  'file:///etc/passwd',
];

/** Ids no file name or URL may be made of as they are. */
const HOSTILE_IDS: readonly string[] = [
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '..\\..\\windows\\win.ini',
  'con',
  'AUX',
  'nul.json',
  '2e427ca3-b6c4-4801-b9f2-ad6c518b45e5/../../x',
  '<script>alert(201)</script>',
  'javascript:alert(202)',
  '',
];

/** Voluntary-code ids the crawler stores a member list for (they can be file names). */
const STORED_CODE_IDS = ['GOVERNANCECODE', 'con', 'aux', 'ICTR', 'Lpt1', 'a%2Fb'];

/** The 1 MB value: attack text over and over, past every size a page or index might assume. */
/**
 * Funder names no page address may be made of as they are: empty, punctuation alone, very long,
 * a Windows device, a page number, and pairs that fold to one readable form (accents, markup).
 */
export const ODD_FUNDER_NAMES: readonly string[] = [
  '',
  '   ',
  '???',
  '!!!',
  '..',
  // 965 characters: long, and still within what the record model reads of a text (1,000).
  `${'A very long funder name that goes on '.repeat(26)}end`,
  'CON',
  'Fund P2',
  'Café Fund',
  'Cafe Fund',
  '<b>Cafe</b> Fund',
  '\u202Eevil\u202C Fund',
];

function megabyteOfAttacks(): string {
  const unit = `${HOSTILE_WORD} ${ATTACKS.join(' ')} `;
  return unit.repeat(Math.ceil((1024 * 1024) / unit.length)).slice(0, 1024 * 1024);
}

/** Amounts past what a floating-point number holds: the largest one, twice, and 30 digits. */
export const EXTREME_AMOUNTS = {
  fund: `Extreme ${HOSTILE_WORD} Fund`,
  amounts: ['1e308', '1e308', '123456789012345678901234567890', '987654321098765432109876543210'],
  /** Their exact sum, as the funder page shows it in full. */
  total: `200${',000'.repeat(91)},001,111,111,110,111,111,111,011,111,111,100`,
};

/** How deep the deep record nests: past SQLite's 1,000 levels and V8's JSON.stringify's stack. */
export const DEEP_LEVELS = 20_000;

export interface HostileDataFolder {
  /** File-name ids of the hostile organisations (GUIDs, as the crawler names files). */
  ids: string[];
  /** The record nested `DEEP_LEVELS` deep (one of `ids`). */
  deepId: string;
  /** The record of `EXTREME_AMOUNTS` (one of `ids`). */
  extremeId: string;
  /** Every voluntary-code id in voluntary-codes.json. */
  codeIds: string[];
}

function guid(index: number): string {
  return `dead${String(index).padStart(4, '0')}-0000-4000-8000-${String(index).padStart(12, '0')}`;
}

/** A record whose every string is `attack` (with the search word), and whose URLs are `url`. */
function hostileRecord(index: number, attack: string, url: string): Record<string, unknown> {
  const text = (field: string) => `${HOSTILE_WORD} ${field} ${attack}`;
  const point =
    index % 2 === 0
      ? { type: attack, coordinates: [attack, attack] }
      : { type: 'Point', coordinates: [-8.5, 53.2] };
  return {
    id: HOSTILE_IDS[index % HOSTILE_IDS.length],
    name: `${attack} ${HOSTILE_WORD} ${index}`,
    altNames: [text('altName'), attack],
    sectorName: text('sector'),
    sectorCode: index % 3 === 0 ? attack : `${index % 12}`,
    subSectorName: text('subSector'),
    subSectorCode: index % 3 === 0 ? `${attack}.${attack}` : `${index % 12}.${index}`,
    secondarySubsectorName: text('secondary'),
    secondarySubsectorCode: attack,
    regulators: [
      { regulatorName: text('regulator'), regulatorDesc: attack, regulatorNumber: attack, regulatorUrl: url },
      {
        regulatorName: 'Charities Regulatory Authority',
        regulatorDesc: 'CRA',
        regulatorNumber: `2000${index}`,
        regulatorUrl: url,
      },
    ],
    registeredAddress: text('address'),
    county: index % 2 === 0 ? attack : `Co. ${attack}`,
    geolocation: point,
    financialSummary: {
      currentYear: attack,
      currentIncome: attack,
      currentNetAssets: 1000,
      currentGrants: attack,
      currentExpenditure: -500,
      prevIncome: attack,
      prevNetAssets: attack,
      prevGrants: 1,
      prevExpenditure: attack,
      accountToDate: attack,
    },
    funders: [
      { fundSource: text('funder'), amount: attack, fundingType: attack },
      ...ODD_FUNDER_NAMES.map((fundSource, position) => ({
        fundSource,
        amount: 1000 + position,
        fundingType: attack,
      })),
    ],
    otherAddresses: [
      {
        address: text('other address'),
        cleanAddress: attack,
        county: attack,
        eircode: attack,
        geolocation: point,
      },
    ],
    sources: [
      { source: text('source'), url, license: attack, date: attack },
      { source: 'Register', url: 'https://example.org/ok', date: '2022-01-01T00:00:00' },
    ],
    orgUrl: url,
    incorporatedDate: attack,
    governingForm: text('form'),
    numEmployees: attack,
    legalObjectsExtract: text('legal objects'),
    legalObjectsDate: attack,
    directors: [{ name: text('director'), dateAppointed: attack }],
    regulatory: [attack, text('status')],
    governanceCodes: [{ governanceCodeDesc: text('code'), governanceCodeUrl: url }],
    [attack]: attack,
    [`${HOSTILE_WORD} nested`]: { [attack]: [attack, { url }] },
  };
}

function write(file: string, value: unknown): void {
  writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
}

/** Writes the hostile data folder into `directory` (created). */
export function writeHostileDataFolder(directory: string): HostileDataFolder {
  for (const folder of ['organisations', 'lists', 'voluntary-code-members'])
    mkdirSync(join(directory, folder), { recursive: true });
  const ids: string[] = [];
  const count = Math.max(ATTACKS.length, UNSAFE_URLS.length);
  for (let index = 0; index < count; index += 1) {
    const id = guid(index);
    ids.push(id);
    const record = hostileRecord(
      index,
      ATTACKS[index % ATTACKS.length]!,
      UNSAFE_URLS[index % UNSAFE_URLS.length]!,
    );
    write(join(directory, 'organisations', `${id}.json`), record);
  }
  const big = guid(count);
  ids.push(big);
  write(join(directory, 'organisations', `${big}.json`), {
    ...hostileRecord(count, ATTACKS[0]!, UNSAFE_URLS[0]!),
    name: `Megabyte ${HOSTILE_WORD} </script><script>alert(301)</script>`,
    legalObjectsExtract: megabyteOfAttacks(),
  });

  // Written as text: JSON.stringify would round the amounts before they reached the file.
  const extremeId = guid(count + 1);
  ids.push(extremeId);
  const extreme = JSON.stringify({
    id: extremeId,
    name: `Extreme amounts ${HOSTILE_WORD}`,
    funders: EXTREME_AMOUNTS.amounts.map((_amount, index) => ({
      fundSource: EXTREME_AMOUNTS.fund,
      amount: index,
    })),
    financialSummary: {
      currentYear: 2024,
      currentIncome: 0,
      prevIncome: 0,
      currentNetAssets: 0,
      prevNetAssets: 0,
    },
  })
    .replace(
      /"amount":(\d)/g,
      (_match, index: string) => `"amount":${EXTREME_AMOUNTS.amounts[Number(index)]}`,
    )
    .replace('"currentIncome":0', '"currentIncome":1e308')
    .replace('"prevIncome":0', '"prevIncome":-1e308')
    .replace('"currentNetAssets":0', '"currentNetAssets":-1e308')
    .replace('"prevNetAssets":0', `"prevNetAssets":${EXTREME_AMOUNTS.amounts[2]}`);
  write(join(directory, 'organisations', `${extremeId}.json`), extreme);

  const deepId = guid(count + 2);
  ids.push(deepId);
  write(
    join(directory, 'organisations', `${deepId}.json`),
    `{"id":"${deepId}","name":"Deep ${HOSTILE_WORD}","nested":${'['.repeat(DEEP_LEVELS)}${']'.repeat(DEEP_LEVELS)}}`,
  );

  const hostileSummaries = [
    ...ids.map((id, index) => ({ id, name: `${ATTACKS[index % ATTACKS.length]} listed ${HOSTILE_WORD}` })),
    ...HOSTILE_IDS.map((id, index) => ({ id, name: ATTACKS[index % ATTACKS.length] })),
    { id: null, name: ATTACKS[0] },
    { id: 42, name: { toString: ATTACKS[1] } },
    ATTACKS[2],
  ];
  write(join(directory, 'lists', 'registeredCharities.json'), hostileSummaries);
  write(join(directory, 'lists', 'taxEfficientGifts.json'), { [ATTACKS[0]!]: ATTACKS[1] });
  write(join(directory, 'lists', 'housingBodies.json'), hostileSummaries.slice(0, 5));

  const codeIds = [...STORED_CODE_IDS, ...HOSTILE_IDS.filter((id) => id !== '')];
  write(join(directory, 'voluntary-codes.json'), [
    ...STORED_CODE_IDS.map((id, index) => ({ id, description: ATTACKS[index % ATTACKS.length] })),
    ...HOSTILE_IDS.map((id, index) =>
      index % 2 === 0 ? id : { id, description: ATTACKS[index % ATTACKS.length] },
    ),
  ]);
  for (const id of STORED_CODE_IDS) {
    write(join(directory, 'voluntary-code-members', `${id}.json`), hostileSummaries);
  }

  write(join(directory, 'manifest.json'), {
    crawlerVersion: ATTACKS[0],
    apiUrl: UNSAFE_URLS[0],
    startedAt: ATTACKS[1],
    finishedAt: '2024-05-12T02:41:55.908Z',
    complete: ATTACKS[2],
    gone: HOSTILE_IDS,
    failures: [
      {
        scope: ATTACKS[3],
        operation: ATTACKS[4],
        id: HOSTILE_IDS[0],
        error: ATTACKS[5],
        attempts: ATTACKS[6],
      },
    ],
    drift: [
      {
        resource: ATTACKS[7],
        path: ATTACKS[8],
        issue: ATTACKS[9],
        message: ATTACKS[10],
        count: ATTACKS[11],
        examples: HOSTILE_IDS,
      },
    ],
  });
  return { ids, codeIds, deepId, extremeId };
}
