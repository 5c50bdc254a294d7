// Whether the facet queries have dried up is judged from their first answers: in a small world
// written here, sixteen facets (four counties, four sub-sectors) whose facet answers find next to
// nothing, and a town, Ennis, that no search asked, whose known organisations each came back in two
// answers (Chao's estimate gives the word nothing) and which holds three organisations no other
// search returns. The sweep must ask it, though the facet queries answered are fewer than twenty,
// and before the narrower searches that would only show again, whole, organisations it knows.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SweepPlanner } from '../../../src/crawl/sweep-planner.ts';
import type { FoundOrganisation } from '../../../src/crawl/sweep/terms.ts';

const COUNTIES = ['Carlow', 'Cavan', 'Clare', 'Cork'];
const SUB_SECTORS = ['Arts', 'Choirs', 'Dance', 'Film'];
/** Organisations the two broad answers return, each also in its facet query's answer. */
const BROAD = 80;
/** Results of the two answers that show the cap, longer than any other answer. */
const CAP = 120;
/** Organisations of Ennis that only a search for Ennis returns. */
const ENNIS_ONLY = 3;

const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

interface Organisation {
  found: FoundOrganisation;
  /** Its facet query, if any. */
  facet?: string;
}

/** The world's organisations: the broad ones (every other in Ennis), one hidden in four facets, those of Ennis alone. */
function world(): Organisation[] {
  const broad = Array.from({ length: BROAD }, (_, n): Organisation => {
    const county = COUNTIES[n % 4] ?? '';
    const subSector = SUB_SECTORS[Math.floor(n / 4) % 4] ?? '';
    const facet = `${county} "${subSector}"`;
    const town = n % 2 === 0 ? ' Ennis' : '';
    const texts = [`Org${n}${town}`, county, subSector, n < BROAD / 2 ? 'North' : 'South'];
    return { found: { id: idOf(n), texts, facets: [facet] }, facet };
  });
  // One organisation only its facet query returns, in the facets of a county and sub-sector alike.
  const hidden = COUNTIES.map((county, c): Organisation => {
    const facet = `${county} "${SUB_SECTORS[c] ?? ''}"`;
    return { found: { id: idOf(500 + c), texts: [`Hidden${c}`, county], facets: [facet] }, facet };
  });
  const ennisOnly = Array.from({ length: ENNIS_ONLY }, (_, n): Organisation => ({
    found: { id: idOf(700 + n), texts: [`Lone${n} Ennis`] },
  }));
  return [...broad, ...hidden, ...ennisOnly];
}

/**
 * The filler the cap is learnt from, returned by two answers at the cap ("Leinster", "Ulster"), and
 * with `halves` by two answers under it ("Connacht", "Munster") that show it whole.
 */
function fillerOf(halves: boolean): FoundOrganisation[] {
  return Array.from({ length: CAP }, (_, n) => ({
    id: idOf(1_000 + n),
    texts: [`Filler${n} Leinster Ulster${halves ? (n < CAP / 2 ? ' Connacht' : ' Munster') : ''}`],
  }));
}

/** Words of an organisation, folded as a search reads them. */
const wordsOf = (found: FoundOrganisation) =>
  new Set(found.texts.join(' ').toLowerCase().split(/\s+/u).filter(Boolean));

/** The service: a facet query returns its facet, any other every organisation holding all its words; at most `CAP`. */
function search(
  organisations: Organisation[],
  filler: FoundOrganisation[],
  query: string,
): FoundOrganisation[] {
  const everyone = [...organisations.map(({ found }) => found), ...filler];
  const matching = query.includes('"')
    ? organisations.filter(({ facet }) => facet === query).map(({ found }) => found)
    : everyone.filter((found) => {
        const words = wordsOf(found);
        return query
          .toLowerCase()
          .split(/\s+/u)
          .every((word) => words.has(word));
      });
  return matching.slice(0, CAP);
}

interface Swept {
  organisations: Organisation[];
  planner: SweepPlanner;
  /** What the planner asked after the answers given, in order, each answered. */
  sent: string[];
}

/**
 * The planner given the lists, the answers to the broad words and every facet query, then swept
 * until it stops (or 500 searches). Every other broad organisation is listed; none of those hidden
 * in a facet nor of Ennis alone.
 */
function sweep(halves: boolean): Swept {
  const organisations = world();
  const filler = fillerOf(halves);
  const facets = [...new Set(organisations.flatMap(({ facet }) => (facet === undefined ? [] : [facet])))];
  assert.ok(facets.length < 20);
  const planner = new SweepPlanner({ seeds: [], budget: () => 1_000, saturationWindow: () => 1_000 });
  for (const { found } of organisations.slice(0, BROAD).filter((_, n) => n % 2 === 1)) planner.list(found);
  planner.listedKnown();
  const broadWords = ['Leinster', 'Ulster', ...(halves ? ['Connacht', 'Munster'] : []), 'North', 'South'];
  for (const query of [...broadWords, ...facets]) planner.answer(query, search(organisations, filler, query));
  // Each Ennis organisation known came back twice (its broad answer and its facet query's).
  const ennisKnown = organisations.filter(
    ({ found }) => planner.knows(found.id) && wordsOf(found).has('ennis'),
  );
  assert.equal(ennisKnown.length, BROAD / 2);
  const sent: string[] = [];
  for (let query = planner.next(); query !== undefined && sent.length < 500; query = planner.next()) {
    sent.push(query);
    planner.answer(query, search(organisations, filler, query));
  }
  return { organisations, planner, sent };
}

test('the facet queries are judged dry from their first answers: a word never asked is asked though fewer than twenty came back', () => {
  const { organisations, planner, sent } = sweep(true);
  // The facet answers found less than one organisation each: the hidden ones, one in four facets.
  assert.equal(organisations.filter(({ found }) => found.texts[0]?.startsWith('Hidden')).length, 4);
  assert.ok(sent.includes('Ennis'), sent.join(' | '));
  for (const { found } of organisations.filter(({ found }) => found.texts[0]?.startsWith('Lone')))
    assert.ok(planner.knows(found.id), found.id);
});

test('once the facet queries have dried up, a word never asked comes before narrower searches that would only show known organisations whole', () => {
  // The filler is seen only in answers at the cap: each of its words narrows "Leinster" to one
  // known organisation, which the cap may have hidden neighbours of.
  const { sent } = sweep(false);
  const ennis = sent.indexOf('Ennis');
  const firstFiller = sent.findIndex((query) => /Filler\d/u.test(query));
  assert.ok(ennis >= 0, sent.join(' | '));
  assert.ok(firstFiller === -1 || ennis < firstFiller, sent.join(' | '));
});
