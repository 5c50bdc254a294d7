// Nightly builds end to end: `npm run build` as a child process against the sample API on
// loopback, with the real crawler and the real site, for two editions with known changes, the
// four bad nights of the publish guard, --accept, and a build killed in the middle of its publish.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import { EditionStore } from '../../src/editions/store.ts';
import { filesUnder } from '../../src/site/archive.ts';
import { generateDataset } from '../../src/sample-api/dataset.ts';
import {
  startSampleApi,
  type DegradationOptions,
  type RunningSampleApi,
} from '../../src/sample-api/server.ts';
import { launchChromium } from '../support/chromium.ts';
import { runChild, type ChildOwner } from '../support/child-process.ts';
import { buildIn, placeUnder, PROJECT, type Place } from '../support/build-place.ts';
import { killAtImport } from '../support/kill-at.ts';
import { treeDigest } from '../support/tree.ts';

const ORGS = 200;
const first = generateDataset({ orgs: ORGS });
const second = generateDataset({ orgs: ORGS, edition: 2 });

const root = mkdtempSync(join(tmpdir(), 'orgdir-editions-'));
// The site's build bundles pages beside the site folder and resolves packages from there.
symlinkSync(join(PROJECT, 'node_modules'), join(root, 'node_modules'));
const servers: RunningSampleApi[] = [];
after(async () => {
  await Promise.all(servers.map((server) => server.close()));
  rmSync(root, { recursive: true, force: true });
});

function place(name: string): Place {
  return placeUnder(root, name);
}

async function api(edition: number, degradations?: DegradationOptions): Promise<RunningSampleApi> {
  const server = await startSampleApi({
    dataset: edition === 1 ? first : edition === 2 ? second : generateDataset({ orgs: ORGS, edition }),
    ...(degradations === undefined ? {} : { degradations }),
  });
  servers.push(server);
  return server;
}

/** Runs `npm run build` in `at` against `server`; the build ends at the latest when `owner` does. */
function build(
  owner: ChildOwner,
  at: Place,
  server: RunningSampleApi,
  args: string[] = [],
  nodeFlags: string[] = [],
) {
  const retryFlags = ['--max-attempts', '2', '--backoff-base', '0.01', '--backoff-max', '0.02'];
  return buildIn(owner, at, server, [...retryFlags, ...args], nodeFlags);
}

/** The visible text of a page: tags dropped, entities decoded, spaces collapsed. */
function pageText(path: string): string {
  return readFileSync(path, 'utf8')
    .replace(/<style[\s\S]*?<\/style>|<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ');
}

/** Data, site and published editions: what a failed build must leave exactly as it was. */
function liveState(at: Place): string[] {
  const store = new EditionStore(at.editions);
  return [
    treeDigest(at.data),
    treeDigest(at.site),
    ...store.list().map((edition) => treeDigest(store.path(edition.id))),
  ];
}

const baseline = place('baseline');

before(async () => {
  const run = await build({ after }, baseline, await api(1));
  assert.equal(run.code, 0, run.stderr);
});

/** A copy of the published first edition to build on. */
function fromBaseline(name: string): Place {
  const at = place(name);
  cpSync(baseline.dir, at.dir, { recursive: true, verbatimSymlinks: true });
  return at;
}

let twoEditions: Promise<Place> | undefined;
/** The baseline and a second edition built on it, shared by the tests that only read them. */
function secondEdition(): Promise<Place> {
  twoEditions ??= (async () => {
    const at = fromBaseline('two-editions');
    const run = await build({ after }, at, await api(2));
    assert.equal(run.code, 0, run.stderr);
    return at;
  })();
  return twoEditions;
}

test('two crawls with known changes between them show exactly those changes on the page, in the feed and in each history', async () => {
  const at = await secondEdition();
  const [newest, older] = new EditionStore(at.editions).list().reverse();
  assert.ok(newest && older);
  assert.deepEqual(newest.changes, {
    added: 2,
    removed: 2,
    changed: 8,
    joined: newest.changes.joined,
    left: newest.changes.left,
  });

  const page = pageText(join(at.site, 'changes', `${newest.id}.html`));
  for (const change of second.changes) {
    if (change.kind === 'renamed')
      assert.ok(page.includes(change.to) && page.includes(change.from), change.to);
    else assert.ok(page.includes(change.name), `${change.kind} ${change.name}`);
  }
  assert.match(page, /Added \(2\)/);
  assert.match(page, /No longer on the register \(2\)/);
  assert.match(page, /Renamed \(2\)/);
  assert.match(page, /Changed: Financial summary \(2\)/);

  const feed = readFileSync(join(at.site, 'feed.xml'), 'utf8');
  assert.match(feed, new RegExp(`<link rel="alternate" type="text/html" href="changes/${newest.id}.html"/>`));
  assert.match(feed, /2 added, 2 no longer on the register, 8 changed/);
  assert.equal((feed.match(/<entry>/g) ?? []).length, 2);

  // The section under the heading: the page's contents name it first.
  const history = (id: string) => {
    const parts = pageText(join(at.site, 'org', `${id}.html`)).split('Change history');
    return parts.length > 1 ? parts.at(-1)! : '';
  };
  for (const change of second.changes) {
    const text = history(change.id);
    switch (change.kind) {
      case 'renamed':
        assert.match(text, /Name/);
        assert.ok(text.includes(change.from) && text.includes(change.to));
        break;
      case 'refinanced':
        assert.match(text, /Financial summary: current year 2,?0\d\d 20\d\d/);
        break;
      case 'moved':
        assert.match(text, /Joined: Approved housing bodies/);
        assert.match(text, /Left: Tax-efficient gifts/);
        break;
      case 'adoptedCode':
        assert.match(text, /Joined: Triple Lock Standard/);
        break;
      case 'added':
        assert.match(text, /Listed for the first time/);
        break;
      case 'removed': {
        const page = readFileSync(join(at.site, 'org', `${change.id}.html`), 'utf8');
        const whole = pageText(join(at.site, 'org', `${change.id}.html`));
        assert.match(whole, new RegExp(`No longer on the register since the edition of ${newest.id}`));
        assert.ok(whole.includes(change.name));
        const record = JSON.parse(readFileSync(join(at.site, 'record', `${change.id}.json`), 'utf8')) as {
          regulators?: { regulatorDesc?: string; regulatorNumber?: string }[];
          county?: string;
        };
        // Its key facts, from its last record: the number and county it had, and since when it is gone.
        const keyFacts = /<dl class="key-facts">([\s\S]*?)<\/dl>/.exec(page)?.[1] ?? '';
        const facts = keyFacts.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
        const number = record.regulators?.find(
          (regulator) => regulator.regulatorDesc === 'CRA',
        )?.regulatorNumber;
        assert.ok(facts.includes(`Charity number (last known) ${number ?? 'none given'}`), facts);
        if (record.county) assert.ok(facts.includes(`County ${record.county}`), facts);
        const goneOn = new Date(`${newest.date}T00:00:00Z`).toLocaleDateString('en-IE', {
          day: 'numeric',
          month: 'long',
          year: 'numeric',
          timeZone: 'UTC',
        });
        assert.ok(facts.includes(`no longer on the register since ${goneOn}`), facts);
        assert.match(keyFacts, new RegExp(`href="\\.\\./record/${change.id}\\.json"`));
        break;
      }
    }
  }
});

test('every link of the changes pages, the histories and the pages of former organisations resolves', async () => {
  const at = await secondEdition();
  const broken: string[] = [];
  for (const file of filesUnder(at.site).filter((path) => path.endsWith('.html'))) {
    for (const [, value] of readFileSync(join(at.site, file), 'utf8').matchAll(/\shref="([^"]*)"/g)) {
      if (/^(https?:|mailto:|#)/.test(value!)) continue;
      const target = posix.normalize(
        posix.join(posix.dirname(file), decodeURIComponent(value!.split('#')[0]!.split('?')[0]!)),
      );
      if (!existsSync(join(at.site, target))) broken.push(`${file} → ${value}`);
    }
  }
  assert.deepEqual(broken, []);
  // Rendered in a staging folder, the pages link the release folder beside the site as published.
  assert.match(
    readFileSync(join(at.site, 'downloads.html'), 'utf8'),
    /href="\.\.\/dist-release\/orgdir\.sqlite\.gz"/,
  );

  const removed = second.changes.find((change) => change.kind === 'removed')!;
  const newest = new EditionStore(at.editions).latest()!;
  const browser = await launchChromium();
  try {
    for (const path of ['changes.html', `changes/${newest.id}.html`, `org/${removed.id}.html`]) {
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('requestfailed', (request) => problems.push(`failed: ${request.url()}`));
      await page.goto(pathToFileURL(join(at.site, path)).href);
      assert.equal(await page.locator('h1').count(), 1, path);
      assert.deepEqual(problems, [], path);
      await page.close();
    }
    const page = await browser.newPage();
    await page.goto(pathToFileURL(join(at.site, 'changes.html')).href);
    await page.getByRole('link', { name: /Edition 2/ }).click();
    await page.getByRole('link', { name: removed.name }).first().click();
    await page.getByText('No longer on the register', { exact: true }).waitFor();
    assert.match(page.url(), new RegExp(`org/${removed.id}\\.html$`));
  } finally {
    await browser.close();
  }
});

const badNights: [string, DegradationOptions, RegExp][] = [
  ['organisations falling below 90% of the last edition', { dropShare: 0.2 }, /of the previous edition/],
  [
    'a list that had members coming back empty',
    { emptyLists: ['taxEfficientGifts'] },
    /taxEfficientGifts had/,
  ],
  ['more than 1% of organisations failing to fetch', { failingShare: 0.05 }, /failed to fetch/],
  [
    "a required field's fill rate falling by more than 20 points",
    // Blanked in 90% of the listed records: the listed are about 40% of the register, which the
    // crawl now finds whole through search, so about 36% of the records.
    { blankField: 'county', blankShare: 0.9 },
    /county is filled/,
  ],
];

for (const [night, degradations, reason] of badNights) {
  test(`${night} stops the build with exit 1 and a report, leaving the live data and site byte-identical`, async (t) => {
    const at = fromBaseline(night.replace(/\W+/g, '-'));
    const before = liveState(at);
    const run = await build(t, at, await api(1, degradations));
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stderr, /Publish guard: \d+ checks? failed/);
    assert.match(run.stderr, reason);
    assert.match(run.stderr, /the live data and site are unchanged/);
    assert.deepEqual(liveState(at), before);
    const report = JSON.parse(readFileSync(join(at.editions, 'guard-report.json'), 'utf8')) as {
      passed: boolean;
    };
    assert.equal(report.passed, false);
  });
}

test('--accept with a reason publishes the very crawl the guard stopped, and the edition records why', async (t) => {
  const at = fromBaseline('accepted');
  const server = await api(1, { emptyLists: ['housingBodies'] });
  const stopped = await build(t, at, server);
  assert.equal(stopped.code, 1);
  assert.match(stopped.stderr, /--accept "REASON" --reuse-crawl/);
  const judged = readFileSync(join(`${at.data}.next`, 'manifest.json'), 'utf8');
  const run = await build(t, at, server, [
    '--accept',
    'the regulator closed its register for a week',
    '--reuse-crawl',
  ]);
  assert.equal(run.code, 0, run.stderr);
  const latest = new EditionStore(at.editions).latest();
  assert.equal(readFileSync(join(at.data, 'manifest.json'), 'utf8'), judged);
  assert.equal(latest?.accepted?.reason, 'the regulator closed its register for a week');
  assert.match(
    latest?.accepted?.failedChecks.join(' ') ?? '',
    /housingBodies had \d+ members and now has none/,
  );
  const page = pageText(join(at.site, 'changes', `${latest?.id}.html`));
  assert.match(
    page,
    /Published although the publish guard objected Reason given: the regulator closed its register/,
  );
});

// The site is shown through a link (src/storage/folder-swap.ts): it has no moment between two
// renames; killed right after its link is flipped, the publish still has the release folder and
// the edition to swap.
for (const point of ['data:aside', 'site:flipped']) {
  test(`a build killed with SIGKILL at ${point} leaves a whole site, old or new, that the next run completes`, async (t) => {
    const at = fromBaseline(`killed-${point.replace(':', '-')}`);
    const oldSite = treeDigest(at.site);
    const server = await api(2);
    const onto = point === 'data:aside' ? `${at.data}.old` : at.site;
    const killed = await build(t, at, server, [], ['--import', killAtImport({ afterRename: onto })]);
    assert.equal(killed.signal, 'SIGKILL');
    // A web server serving the site finds it whole at the kill: the old one, or the new one.
    assert.ok(existsSync(join(at.site, 'index.html')));
    if (point === 'data:aside') {
      // Between the two renames of the data folder it is absent, never half old and half new.
      assert.equal(existsSync(at.data), false);
      assert.ok(existsSync(`${at.data}.old`) && existsSync(`${at.data}.next`));
      assert.equal(treeDigest(at.site), oldSite);
    } else {
      assert.notEqual(treeDigest(at.site), oldSite);
    }

    const repair = await runChild(t, process.execPath, [join(PROJECT, 'scripts/editions.ts'), '--repair'], {
      cwd: at.dir,
      env: { PATH: process.env['PATH'] ?? '', ORGDIR_EDITIONS_DIR: at.editions },
    });
    assert.match(
      repair.stdout,
      /finished the interrupted swap|made the swap the interrupted publish had not reached/,
    );
    const newest = new EditionStore(at.editions).latest();
    assert.equal(newest?.number, 2);
    assert.notEqual(treeDigest(at.site), oldSite);
    assert.ok(existsSync(join(at.site, 'changes', `${newest?.id}.html`)));
    assert.equal(
      JSON.parse(readFileSync(join(at.data, 'manifest.json'), 'utf8')).finishedAt,
      newest?.crawl.finishedAt,
    );
    assert.deepEqual(
      readdirSync(at.dir).filter((name) => name.endsWith('.old') || name.endsWith('.next')),
      [],
    );
  });
}
