// What a candidate search is worth: the estimate of what its answer would find that no answer has
// returned, what showing known organisations whole is worth, and the yield under which the sweep
// may stop for its estimate.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SweepPlanner } from '../../../src/crawl/sweep-planner.ts';
import { yieldFloor } from '../../../src/crawl/sweep/coverage.ts';
import type { Matches } from '../../../src/crawl/sweep/known.ts';
import { CertifyYield, FacetTrend, worth, type WorthContext } from '../../../src/crawl/sweep/worth.ts';

/** A word's context on a register of 10,000 with 4,000 listed and a cap of 100. */
function context(certify = new CertifyYield()): WorthContext {
  return {
    register: 10_000,
    listed: 4_000,
    longest: 100,
    cappedNewShare: 0.5,
    groupYield: undefined,
    groupRatio: undefined,
    cutShare: 0,
    facets: new FacetTrend(),
    certify,
    single: false,
  };
}

const matches = (known: number, once: number, twice: number, uncertified: number): Matches => ({
  known,
  listed: 0,
  returned: known,
  once,
  twice,
  uncertified,
});

test("what no answer returned is Chao's bias-corrected estimate: one organisation returned once says nothing is left, two say one", () => {
  // f1(f1 − 1) / 2(f2 + 1): with f1² in its place, two organisations returned once were worth two
  // more, and at the end of a sweep such searches (a narrower search matching two organisations
  // met in one answer) took the budget and found nothing.
  assert.equal(worth(matches(2, 2, 0, 0), context()), 1);
  assert.equal(worth(matches(1, 1, 0, 0), context()), 0);
  // Many returned once: the same as f1² / 2(f2 + 1) within a few per cent.
  assert.equal(worth(matches(40, 30, 10, 0), context()), (30 * 29) / (2 * 11));
});

test('showing known organisations whole is worth what the recent answers that showed such organisations found, per organisation, at most 8', () => {
  // A narrower search of a cut answer, holding two fifths of its known matches: 30, each returned
  // twice, none by an answer under the cap. Chao's estimate leaves nothing unseen; its share of
  // the cut answer is worth a tenth of an organisation.
  const narrower = matches(30, 0, 30, 30);
  const cut = (certify: CertifyYield): WorthContext => ({
    ...context(certify),
    cutShare: 0.4,
  });
  // Before any answer showed a known organisation whole, each is worth 8.
  assert.ok(Math.abs(worth(narrower, cut(new CertifyYield())) - (0.1 + 8 * 30)) < 1e-9);
  // The answers that showed 20 each found one new organisation: a twentieth each.
  const certify = new CertifyYield();
  for (let answer = 0; answer < 10; answer++) certify.add(1, 20);
  assert.ok(Math.abs(certify.perShown - 1 / 20) < 1e-9);
  assert.ok(Math.abs(worth(narrower, cut(certify)) - (0.1 + 30 / 20)) < 1e-9);
  // Answers that found more than 8 per organisation shown leave it at 8.
  const rich = new CertifyYield();
  rich.add(50, 2);
  assert.equal(rich.perShown, 8);
});

test('once the facet queries have dried up, showing a known organisation whole is worth no more than what their answers still find', () => {
  const narrower = matches(30, 0, 30, 30);
  // Answers that showed known organisations whole found 8 or more each: alone, 8 each.
  const rich = new CertifyYield();
  rich.add(50, 2);
  const dried = new FacetTrend();
  // A facet answer under the cap of 40 results found half an organisation: they have dried up.
  dried.add(0.5, 40);
  assert.equal(dried.dry, true);
  const withFacets = (facets: FacetTrend): WorthContext => ({ ...context(rich), cutShare: 0.4, facets });
  assert.ok(Math.abs(worth(narrower, withFacets(new FacetTrend())) - (0.1 + 8 * 30)) < 1e-9);
  // What the facet answers still find, per organisation shown: half an organisation each.
  assert.ok(Math.abs(worth(narrower, withFacets(dried)) - (0.1 + 0.5 * 30)) < 1e-9);
});

test('past a tenth of the estimated register in searches, any yield is low enough to stop for the estimate', () => {
  assert.equal(yieldFloor(1_000, 10_000), Number.POSITIVE_INFINITY);
  assert.equal(yieldFloor(1_200, 10_000), Number.POSITIVE_INFINITY);
  // Short of the tenth: one in five past 9.5%, before that one over the searches left.
  assert.equal(yieldFloor(960, 10_000), 0.2);
  assert.equal(yieldFloor(900, 10_000), 1 / 100);
});

test('once answers that showed known organisations whole found nothing, the narrower searches that would show more of them come after a word whose answers left organisations unseen', () => {
  const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const planner = new SweepPlanner({
    seeds: [],
    budget: () => 1_000,
    saturationWindow: () => 1_000,
  });
  // Ten listed organisations of Ennis, each returned once (by "Connacht", under the cap).
  const ennis = Array.from({ length: 10 }, (_, n) => ({
    id: id(n),
    texts: [`Listed${n} Ennis Connacht`],
  }));
  for (const organisation of ennis) planner.list(organisation);
  planner.listedKnown();
  planner.answer('Connacht', ennis);
  // 120 organisations seen only in two answers cut at the cap of 120, in four lanes of 30.
  const cut = Array.from({ length: 120 }, (_, n) => ({
    id: id(100 + n),
    texts: [`Cut${n} Leinster Munster Lane${n % 4}${n < 10 ? ' Tiny' : ''}`],
  }));
  planner.answer('Leinster', cut);
  planner.answer('Munster', cut);
  // An answer under the cap shows ten of them whole, and finds nothing.
  planner.answer(
    'Tiny',
    cut.filter((_, n) => n < 10),
  );
  // "Leinster Lane1" would show 30 whole, worth 240 at 8 each; the answers say next to nothing.
  assert.equal(planner.next(), 'Ennis');
});
