// The sweep's planner against a small register searched by a reference written here: every word
// of the query must be a word of the organisation, answers in name order, cut at a cap.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SweepPlanner } from '../../../src/crawl/sweep-planner.ts';
import type { FoundOrganisation } from '../../../src/crawl/sweep/terms.ts';
import { GroupYields } from '../../../src/crawl/sweep/worth.ts';
import { GrammarCheck } from '../../../src/crawl/sweep/grammar.ts';
import type { Known } from '../../../src/crawl/sweep/known.ts';
import { keyedQuery } from '../../../src/crawl/sweep/query.ts';
import { RegisterSample } from '../../../src/crawl/sweep/register.ts';

interface Organisation {
  id: string;
  name: string;
  town: string;
  county: string;
}

const TOWNS = ['Ardee', 'Birr', 'Cobh', 'Dingle', 'Ennis', 'Fermoy'];
const KINDS = ['Club', 'Choir', 'Trust'];

/** 6 towns × 3 kinds × `each` organisations, every one named "<town> <kind> <n>", county Cork. */
function register(each: number): Organisation[] {
  const organisations: Organisation[] = [];
  for (const town of TOWNS)
    for (const kind of KINDS)
      for (let n = 1; n <= each; n++) {
        const id = `00000000-0000-4000-8000-${String(organisations.length).padStart(12, '0')}`;
        organisations.push({ id, name: `${town} ${kind} ${n}`, town, county: 'Cork' });
      }
  return organisations;
}

const wordsOfText = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** The reference search: all words present, in name order, at most `cap`. */
function search(organisations: readonly Organisation[], query: string, cap: number): FoundOrganisation[] {
  const wanted = wordsOfText(query);
  return organisations
    .filter((organisation) => {
      const words = new Set(wordsOfText(`${organisation.name} ${organisation.town} ${organisation.county}`));
      return wanted.every((word) => words.has(word));
    })
    .sort((a, b) => a.name.localeCompare(b.name))
    .slice(0, cap)
    .map((organisation) => ({
      id: organisation.id,
      texts: [organisation.name, organisation.town, organisation.county],
    }));
}

/** Runs a planner to its end against the reference search; returns the searches in order. */
function sweep(planner: SweepPlanner, organisations: readonly Organisation[], cap: number): string[] {
  const sent: string[] = [];
  for (let query = planner.next(); query !== undefined; query = planner.next()) {
    sent.push(query);
    planner.answer(query, search(organisations, query, cap));
  }
  return sent;
}

test('an answer cut at the cap is never trusted whole: the query is split until every narrower one comes back under it, and the register is found whole', () => {
  const organisations = register(5); // 90 organisations, every one in Cork
  const planner = new SweepPlanner({
    seeds: ['Cork', 'Club'],
    budget: () => 500,
    saturationWindow: () => 50,
  });
  const sent = sweep(planner, organisations, 12);
  const missing = organisations.filter((organisation) => !planner.knows(organisation.id));
  assert.deepEqual(missing, []);
  const coverage = planner.coverage;
  assert.equal(coverage.longestAnswer, 12);
  assert.equal(coverage.capConfirmed, true);
  assert.ok(coverage.cappedAnswers >= 2);
  assert.equal(coverage.cappedAnswersSplit, coverage.cappedAnswers);
  // Narrower: "Cork" cut at the cap is asked again with one more word of what it returned.
  assert.ok(
    sent.some((query) => /^Cork \S+$/.test(query)),
    sent.join(' | '),
  );
  assert.equal(new Set(sent.map((query) => query.toLowerCase())).size, sent.length, 'no search asked twice');
  assert.notEqual(coverage.state, 'budget');
  assert.equal(coverage.queries, sent.length);
});

test('the cap is confirmed by two answers of the longest length; one alone is only taken as possibly cut', () => {
  const planner = new SweepPlanner({ seeds: ['a', 'b', 'c'], budget: () => 10, saturationWindow: () => 10 });
  const results = (count: number, from: number) =>
    Array.from({ length: count }, (_, n) => ({ id: `id-${from + n}`, texts: [`a b c word${from + n}`] }));
  for (const query of ['a', 'b', 'c']) assert.equal(planner.next(), query);
  planner.answer('a', results(5, 0));
  planner.answer('b', results(10, 100));
  assert.equal(planner.coverage.capConfirmed, false);
  assert.equal(planner.coverage.longestAnswer, 10);
  // Taken as possibly cut all the same: the narrower searches of "b" are among those it offers.
  const offered = new Set<string>();
  for (let query = planner.next(); query !== undefined; query = planner.next()) offered.add(query);
  assert.ok(
    [...offered].some((query) => query.startsWith('b ')),
    [...offered].join(' | '),
  );
  planner.answer('c', results(10, 200));
  assert.equal(planner.coverage.capConfirmed, true);
});

test('a phrase cut at the cap is narrowed only by the words of the organisations that hold the phrase', () => {
  const planner = new SweepPlanner({
    seeds: ['"Arts Council"', 'Choir'],
    budget: () => 1000,
    saturationWindow: () => 1000,
  });
  const known = [
    { id: 'id-1', texts: ['Arts Council Ennis'] },
    { id: 'id-2', texts: ['Arts Council of Dingle'] },
    { id: 'id-3', texts: ['Council Choir for the Arts Birr'] },
    { id: 'id-4', texts: ['Fermoy Choir'] },
  ];
  assert.equal(planner.next(), '"Arts Council"');
  assert.equal(planner.next(), 'Choir');
  // The organisation that holds both words apart is known before the phrase is answered.
  planner.answer('Choir', known.slice(2, 4));
  planner.answer('"Arts Council"', known.slice(0, 2));
  assert.equal(planner.coverage.capConfirmed, true);
  // The reference: the words of the organisations whose text holds "arts council" word after word.
  const expected = new Set<string>();
  for (const organisation of known) {
    const words = wordsOfText(organisation.texts.join(' '));
    const holds = words.some((word, index) => word === 'arts' && words[index + 1] === 'council');
    if (holds) for (const word of words) if (word !== 'arts' && word !== 'council') expected.add(word);
  }
  const narrower = new Set<string>();
  for (let query = planner.next(); query !== undefined; query = planner.next()) {
    if (query.startsWith('"Arts Council" '))
      narrower.add(query.slice('"Arts Council" '.length).toLowerCase());
  }
  assert.deepEqual([...narrower].sort(), [...expected].sort());
});

test('a sweep whose window of answers found nothing new has saturated and asks no more', () => {
  const organisations = register(2); // 36, all in one answer under the cap
  const planner = new SweepPlanner({ seeds: ['Cork'], budget: () => 1000, saturationWindow: () => 5 });
  const sent = sweep(planner, organisations, 100);
  assert.equal(organisations.filter((organisation) => !planner.knows(organisation.id)).length, 0);
  const coverage = planner.coverage;
  assert.ok(['saturated', 'exhausted'].includes(coverage.state), coverage.state);
  assert.ok(coverage.lastNewAfter <= 5);
  assert.ok(sent.length <= 1 + 5, `${sent.length} searches`);
  assert.equal(planner.next(), undefined);
});

test('the budget bounds the searches, seeds included', () => {
  const planner = new SweepPlanner({
    seeds: ['Cork', 'Club', 'Choir', 'Trust'],
    budget: () => 3,
    saturationWindow: () => 50,
  });
  const sent = sweep(planner, register(5), 12);
  assert.deepEqual(sent, ['Cork', 'Club', 'Choir']);
  assert.equal(planner.state, 'budget');
});

test('a planner told the answers of a stopped sweep asks none of them again, and goes on to the same register', () => {
  const organisations = register(5);
  const first = new SweepPlanner({ seeds: ['Cork', 'Club'], budget: () => 500, saturationWindow: () => 50 });
  const kept: { query: string; count: number; found: FoundOrganisation[] }[] = [];
  for (let n = 0; n < 8; n++) {
    const query = first.next();
    if (query === undefined) break;
    const results = search(organisations, query, 12);
    kept.push({ query, count: results.length, found: first.answer(query, results).found });
  }
  const second = new SweepPlanner({ seeds: ['Cork', 'Club'], budget: () => 500, saturationWindow: () => 50 });
  for (const { query, count, found } of kept) second.answer(query, found, count);
  const asked = new Set(kept.map(({ query }) => query.toLowerCase()));
  const sent = sweep(second, organisations, 12);
  assert.deepEqual(
    sent.filter((query) => asked.has(query.toLowerCase())),
    [],
  );
  assert.equal(organisations.filter((organisation) => !second.knows(organisation.id)).length, 0);
  assert.equal(second.coverage.queries, kept.length + sent.length);
});

test('a search a run died on is not asked again: once the listed organisations are known, its narrower search that most of them match is asked first in its stead, and it counts in neither the searches nor the budget', () => {
  const organisations = register(5);
  const planner = new SweepPlanner({ seeds: ['Cork', 'Club'], budget: () => 4, saturationWindow: () => 50 });
  planner.unanswered('Cork');
  // Listed: the 15 of Ardee and 5 clubs of Birr, so that of the words besides "Cork", "Ardee" is
  // held by the most of them (15; "Club" by 10, "Birr" by 5, each number by 4).
  const listed = [
    ...organisations.filter((organisation) => organisation.town === 'Ardee'),
    ...organisations.filter(
      (organisation) => organisation.town === 'Birr' && organisation.name.includes('Club'),
    ),
  ];
  for (const organisation of listed)
    planner.list({ id: organisation.id, texts: [organisation.name, organisation.town, organisation.county] });
  planner.listedKnown();
  const sent = sweep(planner, organisations, 12);
  assert.deepEqual(sent.slice(0, 2), ['Club', 'Cork Ardee']);
  assert.equal(sent.includes('Cork'), false);
  assert.equal(sent.length, 4);
  assert.equal(planner.coverage.queries, 4);
  assert.equal(planner.coverage.unanswered, 1);
});

test('organisations the lists named are not found again by search, and their words guide the searches', () => {
  const organisations = register(5);
  const planner = new SweepPlanner({ seeds: [], budget: () => 500, saturationWindow: () => 50 });
  for (const organisation of organisations.slice(0, 30))
    planner.list({ id: organisation.id, texts: [organisation.name, organisation.town, organisation.county] });
  const sent = sweep(planner, organisations, 12);
  assert.ok(sent.length > 0);
  assert.equal(organisations.filter((organisation) => !planner.knows(organisation.id)).length, 0);
  assert.equal(planner.coverage.discovered, organisations.length - 30);
});

test("a group's yield is its own mean shrunk toward every answer's mean, over that mean", () => {
  const yields = new GroupYields();
  const answers: [string, number][] = [];
  for (let index = 0; index < 203; index++) {
    const group = ['Primary education', 'Sports organisations', 'Arts', 'Research'][(index % 7) % 4] ?? '';
    // The groups differ: the first finds up to 4 a query, the last nothing.
    const found = group === 'Research' ? 0 : (index * 7919) % (group === 'Primary education' ? 5 : 2);
    yields.add(group, found);
    answers.push([group, found]);
  }
  const overall = (answers.reduce((sum, [, found]) => sum + found, 0) + 1) / (answers.length + 1);
  for (const group of ['Primary education', 'Sports organisations', 'Arts', 'Research', 'Advocacy']) {
    const own = answers.filter(([name]) => name === group);
    const found = own.reduce((sum, [, count]) => sum + count, 0);
    for (const prior of [0.5, 5, 50]) {
      const expected = (found + prior * overall) / (own.length + prior) / overall;
      assert.ok(Math.abs(yields.relativeYield(group, prior) - expected) < 1e-12, `${group} ${prior}`);
    }
  }
  assert.equal(yields.relativeYield('Advocacy', 5), 1);
  assert.ok(yields.relativeYield('Research', 5) < 0.25);
  assert.ok(yields.relativeYield('Primary education', 5) > 1.5);
  assert.equal(new GroupYields().relativeYield('Arts', 5), 1);
});

const COUNTIES = ['Cork', 'Kerry', 'Clare', 'Mayo', 'Sligo', 'Louth'];

/**
 * Facet queries of two sub-sectors after three counties of each were answered: those of `fruitful`
 * found an organisation on no list each, those of `barren` nothing, though the lists name more of
 * `barren` in the three counties left.
 * Returns the queries the planner then hands out, in order, none answered.
 */
function facetOrder(fruitful: string, barren: string): string[] {
  const planner = new SweepPlanner({ seeds: [], budget: () => 1000, saturationWindow: () => 1000 });
  const organisation = (id: number, county: string, subSector: string): FoundOrganisation => ({
    id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    texts: [`${county} ${subSector.split(' ')[0] ?? ''} ${id}`, county, subSector],
    facets: [`${county} "${subSector}"`],
  });
  const listed = new Map<string, FoundOrganisation>();
  for (const county of COUNTIES)
    for (const subSector of [barren, fruitful]) {
      const found = organisation(listed.size, county, subSector);
      listed.set(`${county} "${subSector}"`, found);
      planner.list(found);
    }
  // The sample favours the barren sub-sector where it is still to be asked: two listed there.
  for (const county of COUNTIES.slice(3)) planner.list(organisation(50 + listed.size, county, barren));
  for (const county of COUNTIES.slice(0, 3)) {
    planner.answer(`${county} "${barren}"`, [listed.get(`${county} "${barren}"`) as FoundOrganisation]);
    const fresh = organisation(100 + COUNTIES.indexOf(county), county, fruitful);
    assert.equal(planner.answer(`${county} "${fruitful}"`, [fresh]).found.length, 1);
  }
  const sent: string[] = [];
  for (let query = planner.next(); query !== undefined; query = planner.next()) sent.push(query);
  return sent;
}

test('the facet queries of a sub-sector whose facet queries found organisations are asked before those of one whose found none', () => {
  for (const [fruitful, barren] of [
    ['Football clubs', 'Drama groups'],
    ['Drama groups', 'Football clubs'],
  ] as const) {
    const sent = facetOrder(fruitful, barren);
    const rest = COUNTIES.slice(3);
    const fruitfulAt = rest.map((county) => sent.indexOf(`${county} "${fruitful}"`));
    const barrenAt = rest.map((county) => sent.indexOf(`${county} "${barren}"`));
    assert.ok(
      [...fruitfulAt, ...barrenAt].every((index) => index >= 0),
      sent.join(' | '),
    );
    assert.ok(Math.max(...fruitfulAt) < Math.min(...barrenAt), sent.join(' | '));
  }
});

test('what the planner learns is bounded whatever the answers hold: words per organisation, terms and memberships in all', () => {
  let state = 7;
  const word = () => {
    let text = '';
    for (let letter = 0; letter < 8; letter++) {
      state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
      text += String.fromCharCode(97 + (state % 26));
    }
    return text;
  };
  const limits = { charsPerText: 1_000, wordsPerOrganisation: 16, terms: 3_000, memberships: 20_000 };
  const planner = new SweepPlanner({ seeds: [], budget: () => 1_000, saturationWindow: () => 1_000, limits });
  let id = 0;
  for (let answer = 0; answer < 20; answer++) {
    // Each result a name of random words, longer than the planner reads.
    const results = Array.from({ length: 100 }, () => ({
      id: `00000000-0000-4000-8000-${String(id++).padStart(12, '0')}`,
      texts: [Array.from({ length: 200 }, word).join(' ')],
    }));
    planner.answer(`query${answer}`, results);
  }
  const coverage = planner.coverage;
  // The queries' own words aside, one for each of the 20 searches.
  assert.ok(coverage.terms <= limits.terms + 20, `${coverage.terms} terms`);
  assert.equal(coverage.learningFull, true);
  // Every organisation is still known by its id, so that none is fetched twice.
  assert.equal(coverage.discovered, 2_000);
});

/** Results of `count` organisations from `first` on, each one text of `words` distinct eight-letter words. */
function wordyResults(first: number, count: number, words: number): { id: string; texts: string[] }[] {
  let state = first + 11;
  const word = () => {
    let text = '';
    for (let letter = 0; letter < 8; letter++) {
      state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
      text += String.fromCharCode(97 + (state % 26));
    }
    return text;
  };
  return Array.from({ length: count }, (_, index) => ({
    id: `00000000-0000-4000-8000-${String(first + index).padStart(12, '0')}`,
    texts: [Array.from({ length: words }, word).join(' ')],
  }));
}

test('the planner reads no further into a text than its limit on characters', () => {
  const limits = {
    charsPerText: 100,
    wordsPerOrganisation: 1_000,
    terms: 1_000_000,
    memberships: 10_000_000,
  };
  const planner = new SweepPlanner({ seeds: [], budget: () => 1_000, saturationWindow: () => 1_000, limits });
  // 200 words of 9 characters with their spaces: the first 100 characters hold 11 of them and a letter.
  planner.answer('query', wordyResults(0, 1, 200));
  const { coverage } = planner;
  // At most those 12 words, the 11 pairs of neighbours among them, and the query's own word.
  assert.ok(coverage.terms <= 12 + 11 + 1, `${coverage.terms} terms`);
  assert.ok(coverage.terms >= 12, `${coverage.terms} terms`);
  assert.equal(coverage.learningFull, false);
});

test('the planner stops learning at its limit on memberships, however few terms it holds', () => {
  const limits = { charsPerText: 1_000_000, wordsPerOrganisation: 1_000, terms: 1_000_000, memberships: 500 };
  const planner = new SweepPlanner({ seeds: [], budget: () => 1_000, saturationWindow: () => 1_000, limits });
  for (let answer = 0; answer < 5; answer++)
    planner.answer(`query${answer}`, wordyResults(answer * 20, 20, 50));
  const { coverage } = planner;
  assert.equal(coverage.learningFull, true);
  // Each term learnt came with a membership of its own: at most 500 of them, and the queries' words.
  assert.ok(coverage.terms <= 500 + 5, `${coverage.terms} terms`);
  assert.equal(coverage.discovered, 100);
});

test("the register's estimate: the larger of capture-recapture and the organisations known plus those Chao's estimator says no answer returned", () => {
  const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const listedKnown = (): Known => ({
    words: new Set(),
    listed: true,
    foundBySearch: false,
    certified: false,
    captures: 0,
    narrowings: [],
    sequence: [],
  });
  const sample = new RegisterSample();
  // 100 listed; the searches returned 40 of them and 60 on no list. Returned once: 30 (10 listed),
  // twice: 20 (10 listed), three times: 50 (20 listed).
  for (let n = 0; n < 100; n++) sample.addListed(id(n));
  const returns: [number, number, boolean][] = [
    [0, 10, true],
    [10, 20, true],
    [20, 40, true],
    [100, 120, false],
    [120, 130, false],
    [130, 160, false],
  ];
  const times = [1, 2, 3, 1, 2, 3];
  returns.forEach(([from, to, listed], group) => {
    for (let n = from; n < to; n++)
      for (let time = 0; time < (times[group] ?? 0); time++)
        sample.addSeen(id(n), listed ? listedKnown() : undefined);
  });
  // Chao: 30² / 2(20 + 1) = 21.43 unseen, of which the share on no list, 60 of 100 seen: 12.86.
  assert.ok(Math.abs(sample.unseen() - ((30 * 30) / (2 * 21)) * 0.6) < 1e-9);
  // Capture-recapture: 100 listed × 100 seen / 40 seen listed = 250, more than 160 + 13.
  assert.equal(sample.estimate(160), 250);
  // Once every listed organisation had come back, the estimate is the known and the unseen.
  for (let n = 40; n < 100; n++) for (let time = 0; time < 3; time++) sample.addSeen(id(n), listedKnown());
  const unseen = ((30 * 30) / (2 * 21)) * (60 / 160);
  assert.equal(sample.estimate(160), Math.max(160 + Math.round(unseen), Math.round((100 * 160) / 100)));
});

test('answers whose results lack a term are read as OR only for organisations known from their records: a search result may leave out a field the service searches', () => {
  const known = (listed: boolean, words: string[]): Known => ({
    words: new Set(words),
    listed,
    foundBySearch: !listed,
    certified: false,
    captures: 1,
    narrowings: [],
    sequence: words,
  });
  const query = keyedQuery('development parish');
  // Every result holds "parish"; "development" is in a field the answers leave out.
  const results = (listed: boolean) =>
    Array.from({ length: 5 }, (_, index) => known(listed, ['parish', `name${index}`]));
  const metInAnswers = new GrammarCheck();
  for (let answer = 0; answer < 4; answer++) metInAnswers.judge(query, results(false), false);
  assert.notEqual(metInAnswers.grammar, 'any');
  const fromRecords = new GrammarCheck();
  for (let answer = 0; answer < 2; answer++) fromRecords.judge(query, results(true), false);
  assert.equal(fromRecords.grammar, 'any');
});

test('where several words mean any of them, each sub-sector is asked as a phrase alone in place of its facet queries, which would widen', () => {
  const seeds = ['Cork Ardee', 'Cork Birr'];
  const planner = new SweepPlanner({ seeds, budget: () => 100, saturationWindow: () => 100 });
  // The sub-sector is in no text the planner reads, only in the facet: a phrase of its words can
  // come from the facet alone.
  const listed = Array.from({ length: 6 }, (_, n) => ({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    texts: [`Club ${n}`, 'Cork'],
    facets: ['Cork "Youth work"'],
  }));
  for (const organisation of listed) planner.list(organisation);
  planner.listedKnown();
  // Both answers hold organisations with neither Ardee nor Birr: the service reads any of the words.
  for (const seed of seeds) {
    assert.equal(planner.next(), seed);
    planner.answer(seed, listed);
  }
  assert.equal(planner.coverage.grammar, 'any');
  const sent: string[] = [];
  for (let query = planner.next(); query !== undefined; query = planner.next()) {
    sent.push(query);
    planner.answer(query, []);
  }
  assert.ok(sent.includes('"youth work"'), sent.join(' | '));
  assert.ok(!sent.some((query) => /cork "youth work"/i.test(query)), sent.join(' | '));
});
