// Once the facet queries have dried up, the sweep asks a word it never asked whose answer would
// come back whole, before the rest of the facet queries: in a small world written here, 200
// organisations of ten counties and ten sub-sectors, every one returned by one of two answers
// ("North", "South"), and by its facet query; 50 of them in the town of Ennis, which no search
// asked. Chao's estimate gives that word nothing (each of its organisations came back twice); what
// the facet answers found says whether the rest of the register is still to be had through them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SweepPlanner } from '../../../src/crawl/sweep-planner.ts';
import type { FoundOrganisation } from '../../../src/crawl/sweep/terms.ts';

const COUNTIES = ['Carlow', 'Cavan', 'Clare', 'Cork', 'Kerry', 'Laois', 'Mayo', 'Meath', 'Sligo', 'Louth'];
const SUB_SECTORS = [
  'Arts',
  'Choirs',
  'Clubs',
  'Dance',
  'Film',
  'Games',
  'Hurling',
  'Music',
  'Poetry',
  'Rowing',
];
/** Organisations the two broad answers return, and those only their facet query does, per facet. */
const BROAD = 200;
/** Results of the two answers that show the cap (120), longer than any other answer. */
const CAP = 120;

const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

interface Organisation {
  found: FoundOrganisation;
  facet: string;
}

/**
 * Organisation `n` of a facet, named "Org<name>": its town (Ennis for one in four of the broad
 * ones), county, sub-sector and broad answer's word.
 */
function organisation(
  n: number,
  name: number,
  county: string,
  subSector: string,
  broad?: string,
): Organisation {
  const town = broad !== undefined && n % 4 === 0 ? ' Ennis' : '';
  const facet = `${county} "${subSector}"`;
  const texts = [`Org${name}${town}`, county, subSector, ...(broad === undefined ? [] : [broad])];
  return { found: { id: idOf(n), texts, facets: [facet] }, facet };
}

interface World {
  listed: FoundOrganisation[];
  answers: { query: string; results: FoundOrganisation[] }[];
  /** Facet queries not answered, none of them an Ennis organisation's. */
  unasked: string[];
}

/**
 * The world with `hidden(county, sub-sector)` organisations in each facet that only its facet query
 * returns (each named as a broad one of its facet); every facet query is answered but a few, none
 * of them an Ennis organisation's.
 */
function world(hidden: (county: number, subSector: number) => number): World {
  const broad = Array.from({ length: BROAD }, (_, n) =>
    organisation(
      n,
      n,
      COUNTIES[n % 10] ?? '',
      SUB_SECTORS[Math.floor(n / 10) % 10] ?? '',
      n < BROAD / 2 ? 'North' : 'South',
    ),
  );
  // Returned by both answers at the cap, and by one of two under it: seen whole.
  const half = (n: number) => (n < CAP / 2 ? 'Connacht' : 'Munster');
  const filler = Array.from({ length: CAP }, (_, n) => ({
    id: idOf(1_000 + n),
    texts: [`Filler${n} Leinster Ulster ${half(n)}`],
  }));
  const facets = [...new Set(broad.map(({ facet }) => facet))];
  let next = 10_000;
  const onlyByFacet = COUNTIES.flatMap((county, c) =>
    SUB_SECTORS.flatMap((subSector, s) =>
      Array.from({ length: hidden(c, s) }, () => organisation(next++, c + 10 * s, county, subSector)),
    ),
  );
  const all = [...broad, ...onlyByFacet];
  const withEnnis = new Set(
    broad.filter(({ found }) => found.texts[0]?.includes('Ennis')).map(({ facet }) => facet),
  );
  // At most one of a county or a sub-sector, so that no word holds many organisations returned once.
  const unasked = COUNTIES.map((county, c) => `${county} "${SUB_SECTORS[(c + 5) % 10]}"`).filter(
    (facet) => !withEnnis.has(facet),
  );
  const answers = [
    { query: 'Leinster', results: filler },
    { query: 'Ulster', results: filler },
    { query: 'Connacht', results: filler.slice(0, CAP / 2) },
    { query: 'Munster', results: filler.slice(CAP / 2) },
    {
      query: 'North',
      results: broad.filter(({ found }) => found.texts.includes('North')).map(({ found }) => found),
    },
    {
      query: 'South',
      results: broad.filter(({ found }) => found.texts.includes('South')).map(({ found }) => found),
    },
    ...facets
      .filter((facet) => !unasked.includes(facet))
      .map((facet) => ({
        query: facet,
        results: all.filter((o) => o.facet === facet).map(({ found }) => found),
      })),
  ];
  return { listed: broad.filter((_, n) => n % 2 === 1).map(({ found }) => found), answers, unasked };
}

/** New organisations per facet answer, over the facet answers: those no list or earlier answer named. */
function facetYield({ listed, answers }: World): number {
  const met = new Set(listed.map(({ id }) => id));
  let found = 0;
  let facetAnswers = 0;
  for (const { query, results } of answers) {
    const facet = query.includes('"');
    if (facet) facetAnswers += 1;
    for (const { id } of results) {
      if (facet && !met.has(id)) found += 1;
      met.add(id);
    }
  }
  return found / facetAnswers;
}

/** How many answers returned each Ennis organisation, at fewest. */
function fewestEnnisReturns({ answers }: World): number {
  const times = new Map<string, number>();
  for (const { results } of answers)
    for (const { id, texts } of results)
      if (texts[0]?.includes('Ennis')) times.set(id, (times.get(id) ?? 0) + 1);
  return Math.min(...times.values());
}

function nextAfter({ listed, answers }: World): string | undefined {
  const planner = new SweepPlanner({ seeds: [], budget: () => 100_000, saturationWindow: () => 100_000 });
  for (const found of listed) planner.list(found);
  planner.listedKnown();
  for (const { query, results } of answers) planner.answer(query, results);
  return planner.next();
}

test('once the facet queries find less than one organisation each, a word never asked whose answer comes back whole is asked before the rest of them', () => {
  // One organisation only a facet query returns in each of ten facets, no two of a county or a
  // sub-sector: Chao's estimate sees next to nothing left under any word.
  const dry = world((county, subSector) => (county === subSector ? 1 : 0));
  assert.ok(facetYield(dry) < 1, `${facetYield(dry)}`);
  assert.equal(fewestEnnisReturns(dry), 2);
  assert.equal(nextAfter(dry), 'Ennis');
});

test('while the facet queries still find organisations, a word whose every known organisation came back twice is not asked', () => {
  const finding = world(() => 2);
  assert.ok(facetYield(finding) >= 1, `${facetYield(finding)}`);
  assert.equal(fewestEnnisReturns(finding), 2);
  const next = nextAfter(finding);
  assert.notEqual(next, undefined);
  assert.notEqual(next, 'Ennis');
});
