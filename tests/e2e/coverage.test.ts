// The whole register through a capped search: `npm run build` as a child process against a sample
// API most of whose organisations are on no list and whose search cuts every answer at 30 results,
// as the README's two commands run it (no discovery flag). What it stores, prints and states on the
// site is checked against the register the test made; a night whose sweep finds fewer is stopped.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { generateDataset } from '../../src/sample-api/dataset.ts';
import { startSampleApi, type RunningSampleApi } from '../../src/sample-api/server.ts';
import type { ChildOwner } from '../support/child-process.ts';
import { buildIn, placeUnder, PROJECT, type Place } from '../support/build-place.ts';
import { treeDigest } from '../support/tree.ts';

const ORGS = 400;
const SEARCH_CAP = 30;
const dataset = generateDataset({ orgs: ORGS });
const listed = new Set(
  [
    ...dataset.registeredCharities,
    ...dataset.taxEfficientGifts,
    ...dataset.housingBodies,
    ...dataset.voluntaryCodes.flatMap((code) => dataset.voluntaryCodeMembers(code.id) ?? []),
  ].map((organisation) => organisation.id.toLowerCase()),
);

const root = mkdtempSync(join(tmpdir(), 'orgdir-coverage-'));
symlinkSync(join(PROJECT, 'node_modules'), join(root, 'node_modules'));
let api: RunningSampleApi;
after(async () => {
  await api.close();
  rmSync(root, { recursive: true, force: true });
});

function place(name: string): Place {
  return placeUnder(root, name);
}

function build(owner: ChildOwner, at: Place, args: string[] = []) {
  return buildIn(owner, at, api, args);
}

/** The visible text of a page, spaces collapsed. */
function pageText(path: string): string {
  return readFileSync(path, 'utf8')
    .replace(/<style[\s\S]*?<\/style>|<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ');
}

const baseline = place('baseline');
let output = '';

before(async () => {
  api = await startSampleApi({ dataset, searchLimit: SEARCH_CAP });
  const run = await build({ after }, baseline);
  assert.equal(run.code, 0, run.stderr);
  output = `${run.stdout}${run.stderr}`;
});

test('most of the register is on no list, and the build finds it whole through the capped search', () => {
  assert.ok(listed.size < ORGS / 2, `${listed.size} of ${ORGS} on a list`);
  const stored = new Set(readdirSync(join(baseline.data, 'organisations')).map((name) => name.slice(0, -5)));
  const missing = dataset.ids.filter((id) => !stored.has(id.toLowerCase()));
  assert.ok(missing.length <= ORGS * 0.005, `${missing.length} of ${ORGS} missing`);
  const manifest = JSON.parse(readFileSync(join(baseline.data, 'manifest.json'), 'utf8')) as {
    counts: { organisations: number; stored: number; discovered: number };
    discovery: {
      longestAnswer: number;
      capConfirmed: boolean;
      cappedAnswers: number;
      queries: number;
      discovered: number;
    };
  };
  const onNoList = dataset.ids.filter((id) => !listed.has(id.toLowerCase())).length;
  assert.equal(manifest.counts.discovered, onNoList - missing.length);
  assert.equal(manifest.discovery.longestAnswer, SEARCH_CAP);
  assert.equal(manifest.discovery.capConfirmed, true);
  assert.ok(manifest.discovery.cappedAnswers > 0);
  const coverage = output.split('\n').find((line) => line.startsWith('coverage: '));
  assert.ok(coverage !== undefined, output);
  assert.match(
    coverage,
    new RegExp(
      `^coverage: ${manifest.counts.stored} organisations, ${manifest.counts.stored - manifest.discovery.discovered} from lists and ${manifest.discovery.discovered} only through search; ${manifest.discovery.queries} searches`,
    ),
  );
  assert.match(coverage, new RegExp(`answers at the cap of ${SEARCH_CAP} results`));
});

test("the home page, the About page and the downloads' description say how much of the register the site holds, and how it was found", () => {
  const manifest = JSON.parse(readFileSync(join(baseline.data, 'manifest.json'), 'utf8')) as {
    counts: { stored: number };
    discovery: { discovered: number };
  };
  // The records stored: a listed id whose record answered 404 is not counted.
  const organisations = manifest.counts.stored;
  const { discovered } = manifest.discovery;
  const statement = `Found ${organisations} organisations: ${organisations - discovered} on the register's lists and ${discovered} only through its search, which was searched`;
  assert.ok(pageText(join(baseline.site, 'index.html')).includes(statement), statement);
  assert.ok(pageText(join(baseline.site, 'about.html')).includes(statement), statement);
  const described = JSON.parse(
    readFileSync(join(baseline.site, 'downloads', 'datapackage.json'), 'utf8'),
  ) as { description: string };
  assert.ok(described.description.includes(statement), described.description);
});

test('a night whose search sweep finds markedly fewer organisations stops the build, leaving the live data and site as they were', async (t) => {
  const at = place('fewer');
  cpSync(baseline.dir, at.dir, { recursive: true, verbatimSymlinks: true });
  const before = [treeDigest(at.data), treeDigest(at.site)];
  // A budget of 5 searches finds far fewer of the organisations on no list than the last night did.
  const run = await build(t, at, ['--search-budget', '5']);
  assert.equal(run.code, 1, run.stderr);
  assert.match(run.stderr, /the organisations found only through search had \d+ members and now has \d+/);
  assert.deepEqual([treeDigest(at.data), treeDigest(at.site)], before);
});
