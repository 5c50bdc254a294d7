// What is searchable in a record, how the index files are encoded and cut, and what a query loads.
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { buildSearchIndex, type BuiltIndex } from '../../../src/search/build/build-index.ts';
import { writeIndexParts } from '../../../src/search/build/write-parts.ts';
import {
  decodeDocuments,
  decodeNumbers,
  decodeOccurrences,
  decodePostingsMap,
  encodeDocuments,
  encodeNumbers,
  encodeOccurrences,
  encodePostings,
  OccurrenceIndex,
} from '../../../src/search/format/codec.ts';
import { recordDocument as searchDocument } from '../../support/records.ts';
import { collectRecordDocuments as collectDocuments } from '../../support/records.ts';
import { SearchEngine } from '../../../src/search/browser/engine.ts';
import { nodePartLoader } from '../../support/search-loader.ts';
import { partJson, type TermsPart } from '../../../src/search/format/parts.ts';
import { fileRuns, filesOfRuns, ShardTable, type ShardFiles } from '../../../src/search/format/shards.ts';
import { seededRandom } from '../../support/search-corpus.ts';

const NO_MEMBERSHIP = { lists: [], voluntaryCodes: [] };

function organisation(id: string, fields: Record<string, unknown>): Record<string, unknown> {
  return {
    id,
    name: '',
    altNames: [],
    sectorName: '',
    sectorCode: '',
    subSectorName: '',
    subSectorCode: '',
    secondarySubsectorName: '',
    regulators: [],
    registeredAddress: '',
    county: '',
    otherAddresses: [],
    legalObjectsExtract: '',
    directors: [],
    ...fields,
  };
}

const guid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('what is searchable', () => {
  test('names, other names, numbers of every regulator, eircodes, addresses, counties, sectors and legal objects', () => {
    const document = searchDocument(
      organisation(guid(1), {
        name: 'Galway Youth Club',
        altNames: ['GYC', ''],
        regulators: [
          { regulatorDesc: 'CRA', regulatorNumber: '20012345' },
          { regulatorDesc: 'CHY', regulatorNumber: 'CHY 12345' },
          { regulatorDesc: 'CRO', regulatorNumber: 'Not Applicable' },
        ],
        registeredAddress: '1 Main Street, Galway, H91 AC12',
        county: 'Galway',
        otherAddresses: [{ address: 'Quay Street, Galway', county: 'Co. Galway', eircode: 'H91X2Y3' }],
        sectorName: 'Social Services',
        subSectorName: 'Youth services',
        secondarySubsectorName: 'Sports organisations',
        legalObjectsExtract: 'To promote youth work.',
        directors: [{ name: 'Mary Walsh' }],
      }),
      NO_MEMBERSHIP,
      'org/1.html',
    );
    assert.deepEqual(document.fields, {
      name: ['Galway Youth Club'],
      altNames: ['GYC'],
      codes: [
        '20012345',
        'CHY 12345 chy12345',
        'IE-CHY-20012345 iechy20012345',
        'H91X2Y3',
        'H91 AC12 h91ac12',
      ],
      address: ['1 Main Street, Galway, H91 AC12', 'Quay Street, Galway', 'Galway', 'Co. Galway'],
      classification: ['Social Services', 'Youth services', 'Sports organisations'],
      objects: ['To promote youth work.'],
      directors: ['Mary Walsh'],
    });
  });

  test('a record with missing or mistyped fields gives empty fields, not an error', () => {
    const document = searchDocument(
      { id: guid(2), name: 42, altNames: 'x', regulators: [null, {}], otherAddresses: [7] },
      NO_MEMBERSHIP,
      '',
    );
    assert.deepEqual(document.fields, {
      name: ['42'],
      altNames: [],
      codes: [],
      address: [],
      classification: [],
      objects: [],
      directors: [],
    });
  });
});

describe('encodings', () => {
  test('numbers, postings, documents and occurrences survive a round trip', () => {
    const random = seededRandom(7);
    const numbers = Array.from({ length: 500 }, () => Math.floor(random() ** 4 * 2 ** 40));
    assert.deepEqual(decodeNumbers(encodeNumbers(numbers)), numbers);
    assert.match(encodeNumbers(numbers), /^[0-9A-Za-z_-]*$/);

    const postings: [number, number][] = [
      [3, 1],
      [0, 2],
      [40_000, 1],
      [41, 7],
    ];
    const lengths = new Map<number, number>();
    assert.deepEqual(
      Object.fromEntries(
        decodePostingsMap(
          encodePostings(postings, (document) => document % 5),
          lengths,
        ),
      ),
      {
        0: 2,
        3: 1,
        41: 7,
        40000: 1,
      },
    );
    assert.deepEqual(
      [...lengths].sort((a, b) => a[0] - b[0]),
      [
        [0, 0],
        [3, 3],
        [41, 1],
        [40000, 0],
      ],
    );
    assert.deepEqual(decodeDocuments(encodeDocuments([9, 2, 30_000])), [2, 9, 30_000]);

    const occurrences = [
      { document: 2, field: 0, positions: [0, 4] },
      { document: 2, field: 5, positions: [17] },
      { document: 9, field: 1, positions: [2] },
    ];
    const encoded = encodeOccurrences(occurrences);
    assert.deepEqual(decodeOccurrences(encoded), occurrences);
    const index = new OccurrenceIndex(encoded);
    assert.deepEqual(index.positions(2, 5), [17]);
    assert.deepEqual(index.positions(2, 0), [0, 4]);
    assert.equal(index.positions(2, 1), undefined);
    assert.equal(index.positions(3, 0), undefined);
  });
});

describe('shards', () => {
  test('a word lives in its shortest prefix that was not split; a prefix word reaches every shard under it', () => {
    const table = new ShardTable(
      ['co', 'com', '20', '200', '2001'],
      ['c', 'co', 'com', 'coa', 'comm', 'comp', 'ga', '200', '2001', '20010', '2002'].map(
        (key) => [key, [0, 0, 1]] as const,
      ),
    );
    assert.equal(table.keyOf('galway'), 'ga');
    assert.equal(table.keyOf('c'), 'c');
    assert.equal(table.keyOf('co'), 'co');
    assert.equal(table.keyOf('com'), 'com');
    assert.equal(table.keyOf('community'), 'comm');
    assert.equal(table.keyOf('coast'), 'coa');
    assert.equal(table.keyOf('20010001'), '20010');
    assert.deepEqual(table.keysFor('community', true), ['comm']);
    assert.deepEqual(table.keysFor('com', true), ['com', 'comm', 'comp']);
    assert.deepEqual(table.keysFor('com', false), ['com']);
    assert.deepEqual(table.keysFor('200', true), ['200', '2001', '20010', '2002']);
    const decoded = ShardTable.decode(table.encode());
    assert.deepEqual(
      [...decoded.files],
      [...table.files].sort((a, b) => (a[0] < b[0] ? -1 : 1)),
    );
    assert.deepEqual([...decoded.split].sort(), [...table.split].sort());
  });

  test('the files of the shards are written as runs and read back the same, whatever their order', () => {
    const random = seededRandom(7);
    for (let round = 0; round < 200; round += 1) {
      const files: ShardFiles[] = [];
      for (let index = Math.floor(random() * 40); index > 0; index -= 1) {
        const last = files.at(-1);
        files.push(
          last && random() < 0.6
            ? last
            : [Math.floor(random() * 3000), Math.floor(random() * 5000), Math.floor(random() * 40)],
        );
      }
      const runs = fileRuns(files);
      assert.deepEqual(filesOfRuns(runs), files);
      // One run of four numbers for each change of files from one key to the next.
      const changes = files.filter((file, index) => index === 0 || file.join() !== files[index - 1]!.join());
      assert.equal(runs.length, 4 * changes.length);
      const keys = files.map((_, index) => `k${String(index).padStart(3, '0')}`);
      const table = ShardTable.decode(
        new ShardTable(
          [],
          keys.map((key, index) => [key, files[index]!] as const),
        ).encode(),
      );
      assert.deepEqual(
        keys.map((key) => table.files.get(key)),
        files,
      );
    }
    assert.throws(() => filesOfRuns([1, 0, 0]), /part-way/);
  });
});

describe('a built index', () => {
  let directory: string;
  let built: BuiltIndex;

  before(async () => {
    const records = [
      organisation(guid(1), {
        name: 'Galway Youth Club',
        regulators: [{ regulatorNumber: '20012345' }, { regulatorNumber: 'CHY 12345' }],
        registeredAddress: 'Main Street, Galway',
        otherAddresses: [{ address: 'Quay Street', eircode: 'H91 AC12' }],
        county: 'Galway',
        sectorCode: '5',
        sectorName: 'Social Services',
        directors: [{ name: 'Mary Walsh' }, { name: 'John Byrne' }],
      }),
      organisation(guid(2), {
        name: 'Galway',
        altNames: ['Mary Walsh Memorial Fund'],
        directors: [{ name: 'Walsh Mary' }],
        county: 'Co. Galway',
        sectorCode: '2',
        sectorName: 'Recreation, Sports',
      }),
      organisation(guid(3), {
        name: 'Youth Galway Club',
        county: 'Cork',
        legalObjectsExtract: 'Galway youth club activities',
      }),
      organisation(guid(4), {
        name: 'Salthill Rowing',
        county: 'Galway',
        directors: [{ name: 'MARY WALSH ' }],
      }),
      ...Array.from({ length: 57 }, (_, index) =>
        organisation(guid(10 + index), {
          name: `Community Group ${index} Galway`,
          county: index % 2 === 0 ? 'Cork' : 'Kerry',
        }),
      ),
    ];
    const documents = await collectDocuments(records, (id) =>
      id === guid(3) ? { lists: ['housingBodies'], voluntaryCodes: ['ICTR'] } : NO_MEMBERSHIP,
    );
    built = buildSearchIndex(documents, { layout: { docsPerFile: 4 } });
    directory = await mkdtemp(join(tmpdir(), 'orgdir-search-index-'));
    await writeIndexParts(built, directory);
  });

  after(() => rm(directory, { recursive: true, force: true }));

  const engine = (onLoad?: (name: string) => void) =>
    new SearchEngine(nodePartLoader(join(directory, 'search'), (part) => onLoad?.(part.name)));
  const names = (documents: number[]) => documents.map((document) => built.documents[document]!.display.name);

  test('an exact name comes first, then the best matches', async () => {
    const { documents } = await engine().search({ query: 'galway' });
    assert.equal(names(documents)[0], 'Galway');
    assert.equal(documents.length, 61);
  });

  test('a charity number finds its charity, and so does a revenue number with or without its letters', async () => {
    for (const query of ['20012345', 'CHY 12345', 'chy12345', '12345 ']) {
      assert.deepEqual(names((await engine().search({ query })).documents), ['Galway Youth Club'], query);
    }
  });

  test("a director's name is found as words and as a phrase, and director: finds only the boards it sits on", async () => {
    const found = async (query: string) => names((await engine().search({ query })).documents).sort();
    assert.deepEqual(await found('walsh'), ['Galway', 'Galway Youth Club', 'Salthill Rowing']);
    assert.deepEqual(await found('"mary walsh"'), ['Galway', 'Galway Youth Club', 'Salthill Rowing']);
    // The name in that order in the directors' names, and nowhere else: not the organisation also known by it.
    for (const query of ['director:"Mary Walsh"', 'Directors: "mary walsh"'])
      assert.deepEqual(await found(query), ['Galway Youth Club', 'Salthill Rowing'], query);
    // Each word exactly: no typo tolerance or prefix widens a name to another.
    assert.deepEqual(await found('director:"Mary Wals"'), []);
    assert.deepEqual(await found('director:byrne'), ['Galway Youth Club']);
  });

  test('an eircode finds its organisation with and without the space', async () => {
    for (const query of ['H91 AC12', 'h91ac12', '"H91 AC12"']) {
      assert.deepEqual(names((await engine().search({ query })).documents), ['Galway Youth Club'], query);
    }
  });

  test('a phrase matches only that sequence of words, within one field', async () => {
    assert.deepEqual(names((await engine().search({ query: '"youth club"' })).documents).sort(), [
      'Galway Youth Club',
      'Youth Galway Club',
    ]);
    assert.deepEqual(names((await engine().search({ query: '"galway youth club"' })).documents).sort(), [
      'Galway Youth Club',
      'Youth Galway Club',
    ]);
    assert.deepEqual(names((await engine().search({ query: '"youth galway"' })).documents), [
      'Youth Galway Club',
    ]);
  });

  test('filters narrow the results, and alone list everyone they match in name order', async () => {
    const cork = await engine().search({ query: 'galway', filters: { county: 'cork' } });
    assert.equal(cork.documents.length, 30);
    const codeOnly = await engine().search({
      query: '',
      filters: { list: 'housingBodies', voluntaryCode: 'ICTR' },
    });
    assert.deepEqual(names(codeOnly.documents), ['Youth Galway Club']);
    const sector = await engine().search({ query: '', filters: { sector: '2' } });
    assert.deepEqual(names(sector.documents), ['Galway']);
    assert.deepEqual(
      built.core.facets.county.map(({ key, label, count }) => [key, label, count]),
      [
        ['cork', 'Cork', 30],
        ['galway', 'Galway', 3],
        ['kerry', 'Kerry', 28],
      ],
    );
  });

  test('every match can be reached page by page, each exactly once', async () => {
    const search = engine();
    const { documents } = await search.search({ query: 'galway', limit: 0 });
    const seen: number[] = [];
    for (let offset = 0; offset < documents.length; offset += 7) {
      const { hits } = await search.search({ query: 'galway', offset, limit: 7 });
      seen.push(...hits.map(({ document }) => document));
    }
    assert.deepEqual(seen, documents);
  });

  test('a result carries what the SearchResult shows and its page', async () => {
    const { hits } = await engine().search({ query: '20012345' });
    assert.deepEqual(hits[0], {
      document: hits[0]!.document,
      href: `org/${guid(1)}.html`,
      name: 'Galway Youth Club',
      altNames: [],
      registeredAddress: 'Main Street, Galway',
      county: 'Galway',
      sectorName: 'Social Services',
      subSectorName: '',
      number: '',
      status: [],
      income: '',
      incomeYear: 0,
      goneSince: '',
      exactName: false,
      matched: ['codes'],
    });
  });

  test('a word query loads the core, its shard and the results it shows, nothing else', async () => {
    const loaded: string[] = [];
    await engine((name) => loaded.push(name)).search({ query: 'youth', limit: 2 });
    assert.equal(loaded[0], 'core');
    assert.equal(loaded.filter((name) => name.startsWith('terms/')).length, 1);
    assert.ok(
      loaded.every((name) => /^(core|terms\/\d+|docs\/\d+)$/.test(name)),
      loaded.join(' '),
    );
    assert.ok(loaded.filter((name) => name.startsWith('docs/')).length <= 2);
  });

  test("a page of a common word's results is read from its cards, showing what the docs files show", async () => {
    const loaded: string[] = [];
    const { documents, hits } = await engine((name) => loaded.push(name)).search({ query: 'galway' });
    assert.equal(hits.length, 20);
    // Its first 20 results by its own ranking are its cards: one file, and no docs file.
    const read = loaded.filter((name) => /^(cards|docs)\//.test(name));
    assert.equal(read.length, 1, loaded.join(' '));
    assert.match(read[0]!, /^cards\/\d+$/);
    // What each card shows is the record's own display, as the docs files hold it.
    const display = (document: number) => {
      const { href, name, registeredAddress, county, goneSince } = built.documents[document]!.display;
      return { href, name, registeredAddress, county, goneSince };
    };
    assert.deepEqual(
      hits.map(({ href, name, registeredAddress, county, goneSince }) => ({
        href,
        name,
        registeredAddress,
        county,
        goneSince,
      })),
      documents.slice(0, 20).map(display),
    );
    const fromDocs = await engine().details(documents.slice(0, 20));
    assert.deepEqual(
      hits.map(({ exactName: _exact, matched: _matched, ...shown }) => shown),
      fromDocs.map(({ exactName: _exact, matched: _matched, ...shown }) => shown),
    );
  });

  test('a word in fewer documents than its cards threshold has none, and its results come from docs files', async () => {
    const loaded: string[] = [];
    const { documents } = await engine((name) => loaded.push(name)).search({ query: 'salthill' });
    assert.equal(documents.length, 1);
    assert.deepEqual(
      loaded.filter((name) => /^(cards|docs)\//.test(name)),
      [`docs/${Math.floor(documents[0]! / 4)}`],
    );
  });

  test("beside a phrase, the cards of the query's rarest other word are read while the phrase's positions are", async () => {
    const load = nodePartLoader(join(directory, 'search'));
    const asked: string[] = [];
    let release!: () => void;
    const positionsHeld = new Promise<void>((resolve) => (release = resolve));
    const held = new SearchEngine(async (name) => {
      asked.push(name);
      if (name.startsWith('positions/')) await positionsHeld;
      return load(name);
    });
    const searching = held.search({ query: '"community group" cork' });
    while (!asked.some((name) => name.startsWith('positions/'))) await new Promise(setImmediate);
    for (let turn = 0; turn < 10; turn += 1) await new Promise(setImmediate);
    const cardsBeforePositions = asked.filter((name) => name.startsWith('cards/'));
    release();
    const { documents, hits } = await searching;
    assert.equal(documents.length, 29);
    // The phrase's two words have cards of their own; cork's is the third, asked for already.
    assert.equal(cardsBeforePositions.length, 3, asked.join(' '));
    // Its cards show every result of the first page: no docs file is read for them.
    assert.equal(hits.length, 20);
    assert.deepEqual(
      asked.filter((name) => name.startsWith('docs/')),
      [],
      asked.join(' '),
    );
  });

  test("index files are classic scripts in plain ASCII that register their part's JSON text", async () => {
    const files = await readdir(join(directory, 'search'), { recursive: true });
    const scripts = files.filter((file) => file.endsWith('.js'));
    assert.ok(scripts.length > 5);
    for (const file of scripts) {
      const text = await readFile(join(directory, 'search', file), 'latin1');
      assert.match(text, /^orgdirSearchPart\("[a-z]+(\/\d+|\/[a-zA-Z]+)?","[0-9a-f]{12}",'.*'\);\n$/s, file);
      assert.match(text, /^[\x20-\x7e\n]*$/, file);
    }
  });

  test('a file from another build of the index is refused', async () => {
    const file = join(directory, 'search', 'docs', '0.js');
    const original = await readFile(file, 'utf8');
    await writeFile(file, original.replace(/^(orgdirSearchPart\("docs\/0",")[0-9a-f]{12}/, '$1000000000000'));
    try {
      await assert.rejects(engine().search({ query: '"community group 0"' }), /another build/);
    } finally {
      await writeFile(file, original);
    }
  });
});

describe('building', () => {
  test('the same records in any order give byte-identical index files', async () => {
    const records = Array.from({ length: 40 }, (_, index) =>
      organisation(guid(index), {
        name: `Club ${index % 7} Naomh Pádraig`,
        county: index % 2 ? 'Cork' : 'Kerry',
      }),
    );
    const build = async (ordered: Record<string, unknown>[]) =>
      JSON.stringify([...buildSearchIndex(await collectDocuments(ordered, () => NO_MEMBERSHIP)).parts]);
    assert.equal(await build(records), await build([...records].reverse()));
  });

  test("the words' parts, kept as their JSON text, are the text JSON.stringify gives of their value", async () => {
    // Shard keys that read as array indices ("9", "10") come first in an object, by number; "05"
    // does not read as one. A word as common as "club" here has positions files of its own.
    const names = ['Club 9', 'Club 10 Abbey', '05 Club Naomh Pádraig', 'Club 2020', 'Abbey Club 9 10'];
    const records = Array.from({ length: 30 }, (_, index) =>
      organisation(guid(index), { name: `${names[index % names.length]} ${index}`, county: 'Cork' }),
    );
    const built = buildSearchIndex(await collectDocuments(records, () => NO_MEMBERSHIP), {
      layout: { termPositionsBytes: 40, positionsFileBytes: 80 },
    });
    const terms = [...built.parts].filter(([name]) => name.startsWith('terms/'));
    for (const [name, part] of built.parts) {
      const json = partJson(part);
      assert.equal(json, JSON.stringify(JSON.parse(json)), name);
    }
    const entries = terms.flatMap(([, part]) =>
      Object.values(JSON.parse(partJson(part)) as TermsPart).flat(),
    );
    assert.ok(entries.some((entry) => entry[0] === 'club' && entry[2] !== undefined));
    const keys = terms.flatMap(([, part]) => Object.keys(JSON.parse(partJson(part)) as TermsPart));
    assert.ok(
      ['9', '10', '05'].every((key) => keys.includes(key)),
      keys.join(' '),
    );
  });

  test('an empty register gives an index that finds nothing', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'orgdir-search-empty-'));
    try {
      await writeIndexParts(buildSearchIndex([]), directory);
      const engine = new SearchEngine(nodePartLoader(join(directory, 'search')));
      assert.deepEqual((await engine.search({ query: 'galway "social housing"' })).documents, []);
      assert.deepEqual((await engine.search({ query: '', filters: { county: 'cork' } })).documents, []);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});

test('a result quotes the legal objects from their first 240 characters, cut at a word; a short text whole', async () => {
  const long = Array.from({ length: 60 }, (_, index) => `objective${index}`).join(' ');
  const documents = await collectDocuments(
    [
      organisation(guid(1), { name: 'A', legalObjectsExtract: long }),
      organisation(guid(2), { name: 'B', legalObjectsExtract: 'To support older people.' }),
    ],
    () => NO_MEMBERSHIP,
  );
  const objects = buildSearchIndex(documents).parts.get('objects/0') as string[];
  const words = long.split(' ');
  let expected = '';
  for (const word of words) {
    const next = expected === '' ? word : `${expected} ${word}`;
    if (next.length > 240) break;
    expected = next;
  }
  assert.deepEqual(objects, [expected, 'To support older people.']);
});
