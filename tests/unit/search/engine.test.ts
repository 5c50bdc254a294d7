// The site's search (the engine the browser runs, here over the built index files) against a
// brute-force reference over the same records, for hundreds of generated queries. The reference
// reads words and queries with its own code (tests/support/search-reference.ts), and reads what is
// searchable of each organisation straight from its record (tests/support/reference-documents.ts),
// not from the site's search documents: a field the site leaves out of search fails here.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { buildSearchIndex, type BuiltIndex } from '../../../src/search/build/build-index.ts';
import { writeIndexParts } from '../../../src/search/build/write-parts.ts';
import type { IndexLayout } from '../../../src/search/build/layout.ts';
import { collectRecordDocuments as collectDocuments } from '../../support/records.ts';
import { SearchEngine, type SearchFilters } from '../../../src/search/browser/engine.ts';
import { FACTS_FILES_FOR_COUNTS } from '../../../src/search/browser/facets.ts';
import { nodePartLoader } from '../../support/search-loader.ts';
import {
  integer,
  pick,
  searchCorpus,
  seededRandom,
  type CorpusRecord,
  type Random,
} from '../../support/search-corpus.ts';
import { FACET_NAMES, type FacetName } from '../../../src/search/format/parts.ts';
import {
  referenceCountyKey,
  referenceDocument,
  referenceFunderKey,
  referenceStatusKey,
  type ReferenceDocument,
} from '../../support/reference-documents.ts';
import {
  editDistance,
  hasSequence,
  referenceQuery,
  referenceWords,
  typoGroup,
  type ReferenceQuery,
} from '../../support/search-reference.ts';

const wordCache = new WeakMap<ReferenceDocument, { values: string[][]; words: Set<string> }>();

/** Each field value's words, and all the record's words. */
function wordsOf(document: ReferenceDocument): { values: string[][]; words: Set<string> } {
  let cached = wordCache.get(document);
  if (!cached) {
    const values = Object.values(document.fields).flatMap((fieldValues) => fieldValues.map(referenceWords));
    cached = { values, words: new Set(values.flat()) };
    wordCache.set(document, cached);
  }
  return cached;
}

/**
 * The query language, checked one record at a time: every word somewhere (exactly, as a prefix
 * when it is the last word, or with a typo after its group's characters), every phrase as a
 * sequence inside one field value, and every filter.
 */
function referenceSearch(
  documents: readonly ReferenceDocument[],
  split: ReadonlySet<string>,
  query: ReferenceQuery,
  filters: SearchFilters,
): Set<string> {
  const found = new Set<string>();
  if (query.words.length === 0 && query.phrases.length === 0 && Object.keys(filters).length === 0) {
    return found;
  }
  for (const document of documents) {
    const { values, words } = wordsOf(document);
    const allWords = query.words.every(({ word, prefix, typo }) =>
      [...words].some(
        (candidate) =>
          candidate === word ||
          (prefix && candidate.startsWith(word)) ||
          (typo &&
            typoGroup(candidate, split) === typoGroup(word, split) &&
            editDistance(candidate, word) <= 1),
      ),
    );
    const phrases = query.phrases.every((phrase) => values.some((value) => hasSequence(value, phrase)));
    if (allWords && phrases && passes(document, filters)) found.add(document.id);
  }
  return found;
}

function passes(document: ReferenceDocument, filters: SearchFilters): boolean {
  return (
    (filters.county === undefined || referenceCountyKey(document.county) === filters.county) &&
    (filters.sector === undefined || document.sector === filters.sector) &&
    (filters.list === undefined || document.lists.includes(filters.list)) &&
    (filters.voluntaryCode === undefined || document.voluntaryCodes.includes(filters.voluntaryCode)) &&
    (filters.funder === undefined || document.funders.includes(filters.funder)) &&
    (filters.status === undefined || document.status.map(referenceStatusKey).includes(filters.status))
  );
}

type QueryKind = 'word' | 'prefix' | 'typo' | 'phrase' | 'scrambled phrase' | 'mixed' | 'code' | 'filtered';

function withoutAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '');
}

function rawWords(text: string): string[] {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
}

/** A query as a person would type it about one of the records, in one of several shapes. */
function generateQuery(
  random: Random,
  documents: readonly ReferenceDocument[],
): { kind: QueryKind; raw: string; filters: SearchFilters } {
  const document = pick(random, documents);
  const textFields = (['name', 'altNames', 'address', 'classification', 'objects'] as const).filter(
    (field) => document.fields[field].length > 0,
  );
  const value = textFields.length > 0 ? pick(random, document.fields[pick(random, textFields)]) : 'community';
  const words = rawWords(value);
  const word = words.length > 0 ? pick(random, words) : 'galway';
  const styled = (text: string) =>
    random() < 0.3 ? withoutAccents(text) : random() < 0.5 ? text.toUpperCase() : text.toLowerCase();
  const quote = (text: string) => (random() < 0.5 ? `"${text}"` : `“${text}”`);
  const phraseOf = () => {
    const length = Math.min(words.length, integer(random, 2, 4));
    const start = integer(random, 0, Math.max(0, words.length - length));
    return words.slice(start, start + length).join(' ');
  };
  const kind = pick(random, [
    'word',
    'prefix',
    'typo',
    'phrase',
    'scrambled phrase',
    'mixed',
    'code',
    'filtered',
  ] as const);
  switch (kind) {
    case 'word':
      return { kind, raw: `${styled(word)}${random() < 0.5 ? ' ' : ''}`, filters: {} };
    case 'prefix': {
      const other = words.length > 1 && random() < 0.5 ? `${pick(random, words)} ` : '';
      const length =
        word.length <= 3 || random() < 0.1
          ? integer(random, 1, word.length)
          : integer(random, 3, word.length);
      return { kind, raw: `${other}${styled(word.slice(0, length))}`, filters: {} };
    }
    case 'typo': {
      const folded = word.toLowerCase();
      const at = integer(random, 2, Math.max(2, folded.length - 1));
      const typo = pick(random, [
        folded.slice(0, at) + folded.slice(at + 1),
        folded.slice(0, at) + 'x' + folded.slice(at),
        folded.slice(0, at) + 'e' + folded.slice(at + 1),
      ]);
      return { kind, raw: `${typo} `, filters: {} };
    }
    case 'phrase':
      return { kind, raw: quote(styled(phraseOf())), filters: {} };
    case 'scrambled phrase': {
      const shuffled = rawWords(phraseOf()).sort(() => random() - 0.5);
      return { kind, raw: quote(shuffled.join(' ')), filters: {} };
    }
    case 'mixed':
      return {
        kind,
        raw: `${quote(phraseOf())} ${styled(pick(random, rawWords(pick(random, [...document.fields.address, 'Galway']))))}`,
        filters: {},
      };
    case 'code': {
      const code =
        document.fields.codes.length > 0 ? pick(random, document.fields.codes).split(' ') : ['D02', 'X285'];
      return {
        kind,
        raw: random() < 0.5 ? code.slice(0, 2).join(random() < 0.5 ? ' ' : '') : code.at(-1)!,
        filters: {},
      };
    }
    case 'filtered': {
      const filters: SearchFilters = {};
      if (random() < 0.5) filters.county = referenceCountyKey(document.county);
      if (random() < 0.5) filters.sector = document.sector;
      if (random() < 0.5)
        filters.list = pick(random, ['registeredCharities', 'taxEfficientGifts', 'housingBodies']);
      if (random() < 0.3) filters.voluntaryCode = pick(random, ['GOVERNANCECODE', 'ICTR']);
      if (random() < 0.4 && document.funders.length > 0) {
        filters.funder = pick(random, document.funders);
      }
      if (random() < 0.3 && document.status.length > 0) {
        filters.status = referenceStatusKey(pick(random, document.status));
      }
      return { kind, raw: random() < 0.3 ? '' : styled(word), filters };
    }
  }
}

const LAYOUTS: Record<string, Partial<IndexLayout>> = {
  'default layout': {},
  // Tiny files: shards split by more characters, positions split by documents, many files per
  // kind; and indexing in three passes.
  'tiny files': {
    splitGroupBytes: 1500,
    termsFileBytes: 800,
    positionsFileBytes: 600,
    termPositionsBytes: 250,
    docsPerFile: 5,
    objectsPerFile: 3,
    factsPerFile: 7,
    documentsPerPass: 150,
  },
};

for (const [layoutName, layout] of Object.entries(LAYOUTS)) {
  describe(`search over the built index files (${layoutName})`, () => {
    let directory: string;
    let built: BuiltIndex;
    let engine: SearchEngine;
    let byId: Map<string, CorpusRecord>;
    let references: ReferenceDocument[];
    let referenceById: Map<string, ReferenceDocument>;

    /** The corpus entry of a document number. */
    const entryOf = (document: number) => byId.get(built.documents[document]!.id)!;

    before(async () => {
      const corpus = searchCorpus(20260501, 400);
      byId = new Map(corpus.map((entry) => [entry.record['id'] as string, entry]));
      const documents = await collectDocuments(
        corpus.map(({ record }) => record),
        (id) => byId.get(id)!,
      );
      built = buildSearchIndex(documents, { layout });
      references = corpus.map(({ record, lists, voluntaryCodes }) =>
        referenceDocument(record, { lists, voluntaryCodes }),
      );
      referenceById = new Map(references.map((document) => [document.id, document]));
      directory = await mkdtemp(join(tmpdir(), 'orgdir-search-'));
      await writeIndexParts(built, directory);
      engine = new SearchEngine(nodePartLoader(join(directory, 'search')));
    });

    after(() => rm(directory, { recursive: true, force: true }));

    test('every generated query finds exactly the records the reference finds', async () => {
      const random = seededRandom(layoutName.length);
      const tally = new Map<QueryKind, { queries: number; withResults: number }>();
      let narrowedByPhrase = 0;
      // The prefixes the index split are a fact of this index (its layout), read as data.
      const split = new Set(built.core.splitPrefixes.split(' ').filter((prefix) => prefix !== ''));
      const nameOf = (id: string) => referenceById.get(id)?.name ?? `(${id})`;
      for (let index = 0; index < 600; index += 1) {
        const { kind, raw, filters } = generateQuery(random, references);
        const query = referenceQuery(raw);
        const expected = referenceSearch(references, split, query, filters);
        const response = await engine.search({ query: raw, filters, limit: 0 });
        const actual = new Set(response.documents.map((document) => built.documents[document]!.id));
        const missing = [...expected].filter((id) => !actual.has(id));
        const extra = [...actual].filter((id) => !expected.has(id));
        assert.deepEqual(
          { missing, extra },
          { missing: [], extra: [] },
          `${kind} query ${JSON.stringify(raw)} ${JSON.stringify(filters)}: missing ${missing.map(nameOf).join(' | ')}; extra ${extra.map(nameOf).join(' | ')}`,
        );
        assert.equal(
          response.documents.length,
          expected.size,
          `no document twice for ${JSON.stringify(raw)}`,
        );
        const entry = tally.get(kind) ?? { queries: 0, withResults: 0 };
        entry.queries += 1;
        if (expected.size > 0) entry.withResults += 1;
        tally.set(kind, entry);
        if (query.phrases.length > 0) {
          const bagOfWords = referenceSearch(
            references,
            split,
            {
              words: query.phrases.flat().map((word) => ({ word, prefix: false, typo: false })),
              phrases: [],
            },
            filters,
          );
          if (bagOfWords.size > expected.size) narrowedByPhrase += 1;
        }
      }
      // The generated queries are not vacuous: most find something, and many phrases find
      // fewer records than their words do, so phrase precision was really tested.
      for (const [kind, { queries, withResults }] of tally) {
        if (kind === 'scrambled phrase' || kind === 'typo') continue;
        // Up to four filters drawn at once often leave nothing of a 400-record corpus.
        assert.ok(
          withResults / queries > (kind === 'filtered' ? 0.6 : 0.8),
          `${kind}: ${withResults} of ${queries} queries found something`,
        );
      }
      assert.ok(narrowedByPhrase > 40, `${narrowedByPhrase} phrase queries were narrower than their words`);
    });

    test("sorted by name, results run A–Z by the records' names; by income, highest first and none last, equal incomes in relevance order", async () => {
      const collator = new Intl.Collator('en-IE', { sensitivity: 'base', numeric: true });
      const nameOf = (document: number) => {
        const name = entryOf(document).record['name'];
        return typeof name === 'string' ? name.trim() : name === null ? '' : String(name);
      };
      const incomeOf = (document: number) =>
        (entryOf(document).record['financialSummary'] as { currentIncome: number } | undefined)
          ?.currentIncome;
      let compared = 0;
      for (const query of ['community', 'galway', 'housing', 'soc', '"social housing"', '']) {
        const filters: SearchFilters = query === '' ? { list: 'registeredCharities' } : {};
        const { documents: relevance } = await engine.search({ query, filters, limit: 0 });
        const { documents: byName } = await engine.search({ query, filters, sort: 'name', limit: 0 });
        const { documents: byIncome, hits } = await engine.search({
          query,
          filters,
          sort: 'income',
          limit: 5,
        });
        assert.deepEqual(
          [...byName].sort((a, b) => a - b),
          [...relevance].sort((a, b) => a - b),
        );
        for (let index = 1; index < byName.length; index += 1) {
          const order = collator.compare(nameOf(byName[index - 1]!), nameOf(byName[index]!));
          assert.ok(order <= 0, `${nameOf(byName[index - 1]!)} before ${nameOf(byName[index]!)}`);
        }
        const expected = relevance
          .map((document, rank) => ({ document, rank, income: incomeOf(document) }))
          .sort(
            (a, b) =>
              (a.income === undefined ? 1 : 0) - (b.income === undefined ? 1 : 0) ||
              (b.income ?? 0) - (a.income ?? 0) ||
              a.rank - b.rank,
          )
          .map(({ document }) => document);
        assert.deepEqual(byIncome, expected, `by income for ${JSON.stringify(query)}`);
        assert.deepEqual(
          hits.map(({ document }) => document),
          expected.slice(0, 5),
        );
        compared += relevance.length;
      }
      assert.ok(compared > 200, `${compared} results sorted`);
    });

    test('facet counts over a result set equal a count of the records, option by option', async () => {
      const keysOf = (document: number): Record<FacetName, string[]> => {
        const { record, lists, voluntaryCodes } = entryOf(document);
        const funders = (record['funders'] as { fundSource: string }[]).map(({ fundSource }) =>
          referenceFunderKey(fundSource),
        );
        return {
          county: [referenceCountyKey(String(record['county'] ?? ''))],
          sector: [String(record['sectorCode'])],
          list: lists,
          voluntaryCode: voluntaryCodes,
          funder: [...new Set(funders)],
          status: [...new Set((record['regulatory'] as string[]).map(referenceStatusKey))],
        };
      };
      const core = await engine.core();
      // Counted from the facts files or, for a result set spread over more of them, the filter parts.
      const spreads = new Set<boolean>();
      for (const query of ['community', 'galway', 'ho', '"for the benefit of the community"', 'zzzzzz']) {
        const { documents } = await engine.search({ query, limit: 0 });
        const factsFiles = new Set(documents.map((document) => Math.floor(document / core.factsPerFile)));
        spreads.add(factsFiles.size > FACTS_FILES_FOR_COUNTS);
        const counts = await engine.facetCounts(documents);
        for (const facet of FACET_NAMES) {
          const expected = core.facets[facet].map(
            ({ key }) => documents.filter((document) => keysOf(document)[facet].includes(key)).length,
          );
          assert.deepEqual(counts[facet], expected, `${facet} for ${query}`);
        }
        if (query === 'zzzzzz') assert.equal(documents.length, 0);
      }
      if (layout.factsPerFile !== undefined) assert.deepEqual([...spreads].sort(), [false, true]);
    });
  });
}
