// The sweep's `covered` stop, in a small search world written here: 6,000 organisations, half of
// them listed, each holding the words of the answers that return it, every answer whole but two
// cut at a cap of 100 ("alpha" and "beta", held by 200 organisations each). How often the answers returned each organisation is set per world; the
// organisations no answer returned are what the planner must judge, from those returned once and
// twice, to be few or many.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SweepPlanner } from '../../../src/crawl/sweep-planner.ts';
import type { FoundOrganisation } from '../../../src/crawl/sweep/terms.ts';

const ORGANISATIONS = 6_000;
const LISTED = 3_000;
const ANSWER = 50;
const CAP = 100;
/** The share of the register the sweep may leave missing when it stops covered. */
const MISSING_SHARE = 0.0025;
/** Answers in a row for which the estimate must have said so. */
const HOLD = 60;
/** The share of the register in searches within which the sweep is meant to end. */
const END_SHARE = 0.1;
/** The share of the register in searches past which one new organisation in five is too few to go on. */
const LAST_SPENT = 0.095;
const LAST_FLOOR = 0.2;

const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

interface World {
  listed: FoundOrganisation[];
  /** Each answer's query (a word every organisation it returns holds) and its results. */
  answers: { query: string; results: FoundOrganisation[] }[];
}

/**
 * A world where the answers returned `once` organisations on no list exactly once, `twice` of them
 * exactly twice, and every other organisation three times or more.
 */
function world(once: number, twice: number): World {
  const captures = (n: number) =>
    n < LISTED ? 3 : n < LISTED + once ? 1 : n < LISTED + once + twice ? 2 : 3;
  // Each organisation shares a word with one other (`pair`): two returned once leave a search
  // worth asking, so that the stop, not a want of candidates, ends the sweep.
  const words = Array.from({ length: ORGANISATIONS }, (_, n) => [
    `org${n}`,
    `pair${Math.floor(n / 2)}`,
    ...(n < 2 * CAP ? ['alpha'] : n < 4 * CAP ? ['beta'] : []),
  ]);
  const members: { query: string; ids: number[] }[] = [
    { query: 'alpha', ids: Array.from({ length: CAP }, (_, n) => n) },
    { query: 'beta', ids: Array.from({ length: CAP }, (_, n) => 2 * CAP + n) },
  ];
  for (let pass = 1; pass <= 3; pass++) {
    const returned = Array.from({ length: ORGANISATIONS }, (_, n) => n).filter((n) => captures(n) >= pass);
    for (let start = 0; start < returned.length; start += ANSWER) {
      const query = `pass${pass}answer${start / ANSWER}`;
      const ids = returned.slice(start, start + ANSWER);
      for (const n of ids) words[n]?.push(query);
      members.push({ query, ids });
    }
  }
  const organisation = (n: number): FoundOrganisation => ({
    id: idOf(n),
    texts: [(words[n] ?? []).join(' ')],
  });
  return {
    listed: Array.from({ length: LISTED }, (_, n) => organisation(n)),
    answers: members.map(({ query, ids }) => ({ query, results: ids.map(organisation) })),
  };
}

/**
 * Whether the register's part no answer returned is under the share after the first `answered`
 * answers, reckoned here from them: the organisations returned once (f1) and twice (f2) put those
 * unseen at f1² / 2(f2 + 1) (Chao's lower bound), of which the share on no list is missing; the
 * register is the known and those, or the listed over the share of the returned that are listed,
 * whichever is more.
 */
function referenceRegister(
  { listed, answers }: World,
  answered: number,
): { register: number; known: number } {
  const times = new Map<string, number>();
  for (const { results } of answers.slice(0, answered))
    for (const { id } of results) times.set(id, (times.get(id) ?? 0) + 1);
  const counts = [...times.values()];
  const f1 = counts.filter((count) => count === 1).length;
  const f2 = counts.filter((count) => count === 2).length;
  const listedIds = new Set(listed.map(({ id }) => id));
  const returnedListed = [...times.keys()].filter((id) => listedIds.has(id)).length;
  const known = new Set([...listedIds, ...times.keys()]).size;
  const unseen = ((f1 * f1) / (2 * (f2 + 1))) * ((times.size - returnedListed) / times.size);
  const register = Math.max(
    known + Math.round(unseen),
    Math.round((listed.length * times.size) / returnedListed),
  );
  return { register, known };
}

function underShare(world: World, answered: number): boolean {
  const { register, known } = referenceRegister(world, answered);
  return register - known <= register * MISSING_SHARE;
}

/** Whether the share held after each of the last `HOLD` answers. */
function coveredByReference(world: World): boolean {
  const total = world.answers.length;
  for (let answered = total - HOLD + 1; answered <= total; answered++)
    if (!underShare(world, answered)) return false;
  return true;
}

/** A planner told the world's lists and answers; then asked for its next search. */
function plannerAfter({ listed, answers }: World): { planner: SweepPlanner; next: string | undefined } {
  const planner = new SweepPlanner({ seeds: [], budget: () => 100_000, saturationWindow: () => 100_000 });
  for (const organisation of listed) planner.list(organisation);
  planner.listedKnown();
  for (const { query, results } of answers) planner.answer(query, results);
  return { planner, next: planner.next() };
}

test('the sweep stops covered once the answers have said for 60 in a row that under 0.25% of the register is missing', () => {
  // f1 = 30, f2 = 60: about four organisations on no list unseen, of 6,004.
  const covered = world(30, 60);
  assert.equal(coveredByReference(covered), true);
  const { planner, next } = plannerAfter(covered);
  assert.equal(next, undefined);
  assert.equal(planner.state, 'covered');
  assert.equal(planner.coverage.capConfirmed, true);
  assert.equal(planner.coverage.discovered, ORGANISATIONS - LISTED);
});

test('the sweep does not stop covered while the answers say more than 0.25% of the register is missing', () => {
  // f1 = 70, f2 = 60: about twenty unseen, over the fifteen allowed; f1 = 600: hundreds.
  for (const [once, twice] of [
    [70, 60],
    [600, 60],
  ] as const) {
    const uncovered = world(once, twice);
    assert.equal(coveredByReference(uncovered), false);
    const { planner, next } = plannerAfter(uncovered);
    assert.notEqual(next, undefined, `f1 ${once}`);
    assert.equal(planner.state, 'running', `f1 ${once}`);
  }
});

test('the sweep does not stop covered on one dip of the estimate: it must hold for 60 answers', () => {
  // The covered world cut 40 answers into the third pass: the estimate first fell under the share
  // near the end of the second (those returned once fell to a few hundred, against thousands
  // returned twice), fewer than 60 answers before the last.
  const covered = world(30, 60);
  const thirdPass = covered.answers.findIndex(({ query }) => query.startsWith('pass3'));
  const dipping = { ...covered, answers: covered.answers.slice(0, thirdPass + 40) };
  assert.equal(underShare(dipping, dipping.answers.length), true);
  assert.equal(coveredByReference(dipping), false);
  const { planner, next } = plannerAfter(dipping);
  assert.notEqual(next, undefined);
  assert.equal(planner.state, 'running');
});

/**
 * A covered world (f1 = 30 against f2 = 2,900) with `late` answers more, each returning one listed
 * organisation again, `finds` of the last `HOLD` also one organisation not met before: the
 * estimate, which a few dozen returned once against thousands returned twice barely move, still
 * says covered.
 */
function withLateAnswers(late: number, finds: number): World {
  const covered = world(30, 2_900);
  const answers = Array.from({ length: late }, (_, k) => {
    const query = `late${k}`;
    const results: FoundOrganisation[] = [{ id: idOf(k % LISTED), texts: [`org${k % LISTED} ${query}`] }];
    const sinceLast = k - (late - HOLD);
    if (sinceLast >= 0 && sinceLast < finds)
      results.push({ id: idOf(ORGANISATIONS + k), texts: [`org${ORGANISATIONS + k} ${query}`] });
    return { query, results };
  });
  return { ...covered, answers: [...covered.answers, ...answers] };
}

/** The covered world with late answers up to `share` of the register in searches. */
function lateAt(share: number, finds: number): World {
  return withLateAnswers(Math.ceil(share * ORGANISATIONS) - world(30, 2_900).answers.length, finds);
}

/** New organisations per answer over the last `HOLD` answers: those no list named and no earlier answer returned. */
function recentYield({ listed, answers }: World): number {
  const met = new Set(listed.map(({ id }) => id));
  let found = 0;
  answers.forEach(({ results }, index) => {
    for (const { id } of results) {
      if (!met.has(id) && index >= answers.length - HOLD) found += 1;
      met.add(id);
    }
  });
  return found / HOLD;
}

/** Organisations the searches left before a tenth of the register would find at the recent yield. */
function findsLeft(world: World): number {
  const { register } = referenceRegister(world, world.answers.length);
  return recentYield(world) * (END_SHARE * register - world.answers.length);
}

test('the sweep does not stop covered while the answers the estimate held for still find organisations', () => {
  // One new organisation an answer: the estimate says covered throughout, the answers say otherwise.
  const finding = withLateAnswers(HOLD, HOLD);
  assert.equal(coveredByReference(finding), true);
  const { planner, next } = plannerAfter(finding);
  assert.notEqual(next, undefined);
  assert.equal(planner.state, 'running');
  // None in the 60: the sweep stops.
  const dry = withLateAnswers(HOLD, 0);
  assert.equal(coveredByReference(dry), true);
  assert.equal(recentYield(dry), 0);
  const stopped = plannerAfter(dry);
  assert.equal(stopped.next, undefined);
  assert.equal(stopped.planner.state, 'covered');
});

test('the sweep goes on while the searches left before a tenth of the register would find one organisation more at the yield of its last answers', () => {
  // Two in the last 60 with some 180 searches left (7% of the register in searches), and with
  // some 55 left (9.1%): six and nearly two organisations more; one in 60 with 55 left, under one.
  for (const [share, finds, goesOn] of [
    [0.07, 2, true],
    [0.091, 2, true],
    [0.091, 1, false],
  ] as const) {
    const late = lateAt(share, finds);
    assert.equal(coveredByReference(late), true);
    assert.equal(findsLeft(late) >= 1, goesOn, `${share} ${finds}: ${findsLeft(late)}`);
    const { planner, next } = plannerAfter(late);
    assert.equal(next === undefined, !goesOn, `${share} ${finds}`);
    assert.equal(planner.state, goesOn ? 'running' : 'covered', `${share} ${finds}`);
  }
});

test('past 9.5% of the register in searches, the sweep stops covered once its last 60 answers found fewer than one organisation in five', () => {
  // Nine in the last 60 (0.15 an answer): more than the searches left before the tenth need, under
  // one in five, and the sweep stops.
  const slowing = lateAt(0.097, 9);
  assert.ok(
    slowing.answers.length > LAST_SPENT * referenceRegister(slowing, slowing.answers.length).register,
  );
  assert.equal(coveredByReference(slowing), true);
  assert.ok(findsLeft(slowing) >= 1 && recentYield(slowing) < LAST_FLOOR, `${recentYield(slowing)}`);
  const stopped = plannerAfter(slowing);
  assert.equal(stopped.next, undefined);
  assert.equal(stopped.planner.state, 'covered');
  // Thirteen (over one in five): the sweep goes on.
  const finding = lateAt(0.097, 13);
  assert.equal(coveredByReference(finding), true);
  assert.ok(recentYield(finding) >= LAST_FLOOR);
  const { planner, next } = plannerAfter(finding);
  assert.notEqual(next, undefined);
  assert.equal(planner.state, 'running');
});

test('from a tenth of the register in searches on, the sweep stops covered whatever its last 60 answers found', () => {
  // Thirty in the last 60 (one in two): past 9.5% the sweep goes on; past the tenth, where it is
  // meant to end, it stops.
  const before = lateAt(0.097, 30);
  assert.equal(coveredByReference(before), true);
  assert.equal(plannerAfter(before).planner.state, 'running');
  const past = lateAt(0.101, 30);
  assert.ok(past.answers.length >= END_SHARE * referenceRegister(past, past.answers.length).register);
  assert.equal(coveredByReference(past), true);
  assert.ok(recentYield(past) >= LAST_FLOOR);
  const { planner, next } = plannerAfter(past);
  assert.equal(next, undefined);
  assert.equal(planner.state, 'covered');
});
