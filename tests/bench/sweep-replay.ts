// The sweep's planner run in-process against the sample API's search, without a crawl: what share
// of the register it reaches and with how many searches, in seconds rather than a crawl's minutes.
// It asks as the crawl does (the fixed first searches, then the listed organisations' records, then
// the chosen searches, `concurrency` of them awaiting their answers at once) and with the crawl's
// own bounds; the figures of record are the sweep stage's (`npm run bench -- --stages sweep`).
//
//   ./node_modules/.bin/node tests/bench/sweep-replay.ts [--orgs 10000] [--cap 100] [--words all|any]
//     [--concurrency 8] [--seed orgdir] [--shuffle 0] [--curve]
//
// --seed is the sample register's seed. --shuffle n (n > 0) answers the searches in flight in an
// order drawn from n rather than oldest first: a crawl's answers come back in the order the
// service's timing gives them, and the planner's choices, hence its figures, follow that order.
//
// --curve also prints, after each tenth of a per cent of searches, the share of the register found
// and the share the planner believes it has found (its estimate of the register's size).
import { parseArgs } from 'node:util';
import { DISCOVERY_QUERIES } from '../../src/crawl/discovery.ts';
import { SweepPlanner } from '../../src/crawl/sweep-planner.ts';
import { foundOrganisation, foundOrganisations } from '../../src/crawl/sweep/search-results.ts';
import { OperationAnswers } from '../../src/sample-api/answers.ts';
import { generateDataset } from '../../src/sample-api/dataset.ts';

const { values } = parseArgs({
  options: {
    orgs: { type: 'string', default: '10000' },
    cap: { type: 'string', default: '100' },
    words: { type: 'string', default: 'all' },
    concurrency: { type: 'string', default: '8' },
    seed: { type: 'string', default: 'orgdir' },
    shuffle: { type: 'string', default: '0' },
    curve: { type: 'boolean', default: false },
  },
});
const orgs = Number(values.orgs);
const cap = Number(values.cap);
const words = values.words === 'any' ? 'any' : 'all';
const concurrency = Number(values.concurrency);
let shuffleState = Number(values.shuffle) >>> 0;
/** Which search in flight is answered next: the oldest, or one drawn at random (a linear congruential generator). */
const nextAnswered = (inFlight: number): number => {
  if (shuffleState === 0) return 0;
  shuffleState = (Math.imul(shuffleState, 1_664_525) + 1_013_904_223) >>> 0;
  return shuffleState % inFlight;
};

const dataset = generateDataset({ orgs, seed: values.seed });
const answers = new OperationAnswers(dataset, new Set(), {
  voluntaryCodesShape: 'objects',
  searchLimit: cap,
  searchWords: words,
  prepareRecords: false,
});
const search = (query: string): unknown[] => {
  const answer = answers.answer({ operation: 'search' }, new URLSearchParams({ id: query }));
  return answer.status === 200 ? (JSON.parse(answer.body.toString('utf8')) as unknown[]) : [];
};

const listed = new Set<string>();
for (const list of [dataset.registeredCharities, dataset.taxEfficientGifts, dataset.housingBodies])
  for (const { id } of list) listed.add(id.toLowerCase());
for (const code of dataset.voluntaryCodes)
  for (const { id } of dataset.voluntaryCodeMembers(code.id) ?? []) listed.add(id.toLowerCase());
const register = new Set(dataset.ids.map((id) => id.toLowerCase()));

// The crawl's defaults (src/crawl/sweep.ts).
const limit = Math.max(200, Math.ceil(listed.size * 10 * 0.14));
const planner = new SweepPlanner({
  seeds: DISCOVERY_QUERIES,
  budget: (size) => Math.min(limit, Math.max(200, Math.ceil(size * 0.14))),
  saturationWindow: (size) => Math.min(200, Math.max(60, Math.ceil(size * 0.01))),
});
for (const id of listed) planner.list({ id, texts: [] });

const found = new Set([...listed].filter((id) => register.has(id)));
const curve: string[] = [];
let searches = 0;
const started = performance.now();
const pending: string[] = [];
const answerOldest = (): void => {
  const [query] = pending.splice(nextAnswered(pending.length), 1) as [string];
  const results = search(query);
  planner.answer(query, foundOrganisations(results), results.length);
  searches += 1;
  for (const result of results) found.add(String((result as { id: string }).id).toLowerCase());
  if (values.curve && searches % Math.max(1, Math.round(orgs / 1000)) === 0) {
    // What the planner believes it has found, against the truth.
    const estimate = planner.coverage.estimatedRegister;
    const believed = estimate === null ? '' : `\testimated ${((found.size / estimate) * 100).toFixed(2)}%`;
    curve.push(
      `${((searches / orgs) * 100).toFixed(1)}%\t${((found.size / orgs) * 100).toFixed(2)}%${believed}`,
    );
  }
};
let listedRecordsIn = false;
for (;;) {
  while (pending.length < concurrency) {
    if (planner.seedsSent && !listedRecordsIn) break;
    const query = planner.next();
    if (query === undefined) break;
    pending.push(query);
  }
  if (pending.length === 0) {
    if (planner.seedsSent && !listedRecordsIn) {
      for (const id of listed) {
        const record = dataset.organisation(id);
        const organisation = record === undefined ? undefined : foundOrganisation(record);
        if (organisation === undefined) planner.gone(id);
        else planner.list(organisation);
      }
      listedRecordsIn = true;
      planner.listedKnown();
      continue;
    }
    break;
  }
  answerOldest();
}
const seconds = (performance.now() - started) / 1000;
const coverage = planner.coverage;
if (values.curve) console.log(curve.join('\n'));
console.log(
  [
    `organisations ${orgs}, cap ${cap}, words ${words}, listed ${listed.size}, seed ${values.seed}, concurrency ${concurrency}, shuffle ${values.shuffle}`,
    `found ${found.size} (${((found.size / orgs) * 100).toFixed(2)}%)`,
    `searches ${searches} (${((searches / orgs) * 100).toFixed(1)}%)`,
    `stopped ${coverage.state}, estimated register ${coverage.estimatedRegister}`,
    `capped ${coverage.cappedAnswers} (${coverage.cappedAnswersSplit} searched past), grammar ${coverage.grammar}`,
    `${seconds.toFixed(1)} s`,
  ].join('\n'),
);
