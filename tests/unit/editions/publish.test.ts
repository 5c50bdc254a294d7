import assert from 'node:assert/strict';
import { measureSite } from '../../../src/hosting/measure.ts';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { EditionsView } from '../../../src/editions/history.ts';
import { publishBuild, type PublishOptions } from '../../../src/editions/publish.ts';
import { EditionStore } from '../../../src/editions/store.ts';
import { generateDataset, type SampleDataset } from '../../../src/sample-api/dataset.ts';
import { degradeDataset, type DegradationOptions } from '../../../src/sample-api/degradations.ts';
import { writeDataFolder } from '../../support/data-folder.ts';
import { treeDigest } from '../../support/tree.ts';

const root = mkdtempSync(join(tmpdir(), 'orgdir-publish-'));
after(() => rmSync(root, { recursive: true, force: true }));

const ORGS = 200;
const first = generateDataset({ orgs: ORGS });
const second = generateDataset({ orgs: ORGS, edition: 2 });

let counter = 0;
function place() {
  const dir = join(root, `case-${counter++}`);
  return {
    dataDir: join(dir, 'data'),
    siteDir: join(dir, 'dist'),
    editionsDir: join(dir, 'editions'),
  };
}

let day = 0;
/** A build of `dataset` as served with `degradations`: the crawl is written without HTTP. */
function build(
  paths: ReturnType<typeof place>,
  dataset: SampleDataset,
  extra: Partial<PublishOptions> & { degradations?: DegradationOptions } = {},
) {
  const { degradations, ...options } = extra;
  const served = degradations === undefined ? undefined : degradeDataset(dataset, degradations);
  let view: EditionsView | undefined;
  const now = new Date(Date.UTC(2026, 0, 1 + day++));
  return publishBuild({
    ...paths,
    keep: 3,
    now: () => now,
    crawl: async (dataDir) => {
      writeDataFolder(served?.dataset ?? dataset, dataDir, { failing: served?.failing ?? new Set() });
      return { exitCode: 0, message: 'complete', published: true };
    },
    renderSite: async (_dataDir, siteDir, given) => {
      view = given;
      mkdirSync(siteDir, { recursive: true });
      writeFileSync(join(siteDir, 'index.html'), `edition ${given.editions[0]?.meta.id}`);
      return measureSite(siteDir);
    },
    ...options,
  }).then((result) => ({ result, view }));
}

test('the first build publishes the first edition: data, site and a baseline with no changes', async () => {
  const paths = place();
  const { result, view } = await build(paths, first);
  assert.equal(result.exitCode, 0, result.message);
  assert.equal(result.edition?.number, 1);
  assert.equal(result.edition?.previous, null);
  assert.deepEqual(result.edition?.changes, { added: 0, removed: 0, changed: 0, joined: 0, left: 0 });
  assert.equal(
    readdirSync(join(paths.dataDir, 'organisations')).length,
    result.edition?.counts.organisations,
  );
  assert.ok((result.edition?.counts.organisations ?? 0) > 50);
  assert.ok(existsSync(join(paths.siteDir, 'index.html')));
  assert.deepEqual(
    new EditionStore(paths.editionsDir).list().map((edition) => edition.id),
    [result.edition?.id],
  );
  assert.equal(view?.editions.length, 1);
  assert.ok(!existsSync(`${paths.dataDir}.next`) && !existsSync(`${paths.siteDir}.next`));
});

test('the second edition names exactly the changes the register made, field by field', async () => {
  const paths = place();
  await build(paths, first);
  const { result, view } = await build(paths, second);
  assert.equal(result.exitCode, 0, result.message);
  const changes = view!.editions[0]!.changes;
  const expect = (kind: string) =>
    second.changes
      .filter((change) => change.kind === kind)
      .map((change) => change.id)
      .sort();
  assert.deepEqual(changes.added.map((member) => member.id).sort(), expect('added'));
  assert.deepEqual(changes.removed.map((member) => member.id).sort(), expect('removed'));
  const changedFields = new Map(
    changes.changed.map((change) => [change.id, change.fields.map((f) => f.path)]),
  );
  for (const change of second.changes) {
    const fields = changedFields.get(change.id);
    if (change.kind === 'renamed') {
      assert.deepEqual(fields, ['name', 'altNames']);
      const name = changes.changed.find((c) => c.id === change.id)!.fields[0]!;
      assert.deepEqual([name.before, name.after], [change.from, change.to]);
    } else if (change.kind === 'refinanced') {
      const expected = Object.keys(change.to).filter((key) => change.to[key] !== change.from[key]);
      assert.deepEqual(
        fields,
        expected.map((key) => `financialSummary.${key}`),
      );
    } else if (change.kind === 'moved') assert.deepEqual(fields, ['regulatory']);
    else if (change.kind === 'adoptedCode') assert.deepEqual(fields, ['governanceCodes']);
  }
  assert.equal(changes.changed.length, 8);
  const membership = (name: string, side: 'joined' | 'left') =>
    changes.membership
      .filter((change) => change.name === name)
      .flatMap((change) => change[side].map((member) => member.id))
      .sort();
  const movedIds = expect('moved');
  assert.deepEqual(
    membership('taxEfficientGifts', 'left').filter((id) => !expect('removed').includes(id)),
    movedIds,
  );
  for (const id of movedIds) assert.ok(membership('housingBodies', 'joined').includes(id));
  assert.deepEqual(
    membership('TRIPLELOCK', 'joined').filter((id) => !expect('added').includes(id)),
    expect('adoptedCode'),
  );
  const history = view!.histories.get(expect('renamed')[0]!);
  assert.equal(history?.[0]?.edition, result.edition?.id);
});

test('an organisation that leaves the register is kept as former, with its last record and the edition that lost it', async () => {
  const paths = place();
  const { result: one } = await build(paths, first);
  const { result: two, view } = await build(paths, second);
  const removed = second.changes.filter((change) => change.kind === 'removed');
  assert.deepEqual(view!.former.map((o) => o.id).sort(), removed.map((change) => change.id).sort());
  const former = view!.former[0]!;
  assert.equal(former.lastSeen, one.edition?.id);
  assert.equal(former.goneSince, two.edition?.id);
  assert.deepEqual(former.record, first.organisation(former.id));
  const { view: third } = await build(paths, generateDataset({ orgs: ORGS, edition: 3 }));
  assert.ok(third!.former.some((o) => o.id === former.id && o.goneSince === two.edition?.id));
});

test('a record that fails to fetch on a good night is carried over, not reported as removed', async () => {
  const paths = place();
  const larger = generateDataset({ orgs: 400 });
  await build(paths, larger);
  const { result, view } = await build(paths, larger, { degradations: { failingShare: 0.005 } });
  assert.equal(result.exitCode, 0, result.message);
  assert.equal(view!.carried.length, 1);
  assert.deepEqual(view!.editions[0]!.changes, { added: [], removed: [], changed: [], membership: [] });
  assert.equal(result.edition?.counts.carried, 1);
  const { view: after } = await build(paths, larger);
  assert.deepEqual(after!.carried, []);
  assert.deepEqual(after!.editions[0]!.changes.changed, []);
});

const badNights: [string, DegradationOptions, RegExp][] = [
  ['a fifth of the organisations gone', { dropShare: 0.2 }, /of the previous edition/],
  ['an empty list', { emptyLists: ['housingBodies'] }, /housingBodies had \d+ members and now has none/],
  ['5% of the records failing', { failingShare: 0.05 }, /failed to fetch/],
  [
    'a blanked required field',
    { blankField: 'registeredAddress', blankShare: 0.3 },
    /registeredAddress is filled/,
  ],
];

for (const [night, degradations, message] of badNights) {
  test(`${night} stops the build, leaves the live data, site and editions as they were, and --accept lets it through`, async () => {
    const paths = place();
    await build(paths, first);
    const before = [paths.dataDir, paths.siteDir, paths.editionsDir].map(treeDigest);
    const { result } = await build(paths, first, { degradations });
    assert.equal(result.exitCode, 1);
    assert.equal(result.published, false);
    assert.match(result.guard!.checks.find((check) => !check.passed)!.message, message);
    const editions = new EditionStore(paths.editionsDir);
    assert.deepEqual([paths.dataDir, paths.siteDir].map(treeDigest), before.slice(0, 2));
    assert.equal(editions.list().length, 1);

    const { result: accepted } = await build(paths, first, {
      degradations,
      accept: 'register migration, checked by hand',
    });
    assert.equal(accepted.exitCode, 0, accepted.message);
    assert.equal(editions.latest()?.accepted?.reason, 'register migration, checked by hand');
    assert.match(editions.latest()?.accepted?.failedChecks.join('\n') ?? '', message);
    assert.notEqual(treeDigest(paths.siteDir), before[1]);
  });
}

test('a crawl that did not complete publishes nothing and passes on its exit code', async () => {
  const paths = place();
  await build(paths, first);
  const before = treeDigest(paths.dataDir);
  const { result } = await build(paths, second, {
    crawl: async () => ({ exitCode: 2, message: 'the API refused the subscription key', published: false }),
  });
  assert.equal(result.exitCode, 2);
  assert.match(result.message, /refused the subscription key/);
  assert.equal(treeDigest(paths.dataDir), before);
});

test('only the newest editions are kept, and files of the publisher in the data folder stay', async () => {
  const paths = place();
  await build(paths, first);
  writeFileSync(join(paths.dataDir, 'README.md'), 'the publisher’s notes');
  for (const edition of [2, 3, 4]) await build(paths, generateDataset({ orgs: ORGS, edition }));
  const store = new EditionStore(paths.editionsDir);
  assert.deepEqual(
    store.list().map((edition) => edition.number),
    [2, 3, 4],
  );
  assert.ok(existsSync(join(paths.dataDir, 'README.md')));
  assert.deepEqual(
    readdirSync(paths.editionsDir).filter((name) => name.startsWith('.')),
    [],
  );
});

test('without an edition yet, the live data folder is what the guard compares with', async () => {
  const paths = place();
  writeDataFolder(first, paths.dataDir);
  const { result } = await build(paths, first, { degradations: { dropShare: 0.3 } });
  assert.equal(result.exitCode, 1);
  assert.equal(result.guard?.firstEdition, false);
  assert.match(result.message, /publish guard stopped the build/);
});

test('a second build of the same editions folder is refused while the first runs', async () => {
  const paths = place();
  let finishCrawl = () => {};
  const crawling = new Promise<void>((resolve) => (finishCrawl = resolve));
  let started = () => {};
  const crawlStarted = new Promise<void>((resolve) => (started = resolve));
  const running = build(paths, first, {
    crawl: async (dataDir) => {
      started();
      await crawling;
      writeDataFolder(first, dataDir);
      return { exitCode: 0, message: 'complete', published: true };
    },
  });
  await crawlStarted;
  const { result: second } = await build(paths, first);
  assert.equal(second.exitCode, 1);
  assert.match(second.message, /another build is running/);
  finishCrawl();
  assert.equal((await running).result.exitCode, 0);
});

test('--reuse-crawl judges the crawl a stopped build left, and without one publishes nothing', async () => {
  const paths = place();
  const { result: none } = await build(paths, first, { reuseCrawl: true });
  assert.equal(none.exitCode, 1);
  assert.match(none.message, /no complete crawl/);
  await build(paths, first);
  const { result: stopped } = await build(paths, first, { degradations: { emptyLists: ['housingBodies'] } });
  assert.equal(stopped.exitCode, 1);
  let crawled = false;
  const { result } = await build(paths, first, {
    reuseCrawl: true,
    accept: 'checked by hand',
    crawl: async () => {
      crawled = true;
      return { exitCode: 0, message: 'complete', published: true };
    },
  });
  assert.equal(crawled, false);
  assert.equal(result.exitCode, 0, result.message);
  assert.equal(result.edition?.counts.lists['list:housingBodies'], 0);
});

test("a build beside another register's editions publishes nothing and says the folder is not this register's", async () => {
  // Checked by taking the protection out (the provenance check in publishBuild): the build then
  // publishes edition 2: every organisation of this register added, every one of the other removed.
  const paths = place();
  const published = await build(paths, first);
  assert.equal(published.result.exitCode, 0, published.result.message);
  const before = { data: treeDigest(paths.dataDir), site: treeDigest(paths.siteDir) };
  const { result } = await build(paths, generateDataset({ orgs: ORGS, seed: 'another register' }));
  assert.equal(result.exitCode, 2, result.message);
  assert.equal(result.published, false);
  assert.match(result.message, /are of another register: .*nothing was published/);
  assert.deepEqual(
    new EditionStore(paths.editionsDir).list().map((edition) => edition.id),
    [published.result.edition?.id],
  );
  assert.deepEqual({ data: treeDigest(paths.dataDir), site: treeDigest(paths.siteDir) }, before);
});

// Checked by taking the link check out of checkOutputFolder (src/storage/output-folder.ts): the
// build then said it published, the link was replaced by a folder, and the folders it pointed to
// kept the first night's data and site.
test('a data or site folder given as a symbolic link is refused with exit 2 before the crawl; the link and its folder are left as they were', async () => {
  for (const which of ['dataDir', 'siteDir'] as const) {
    const paths = place();
    const { result: published } = await build(paths, first);
    assert.equal(published.exitCode, 0, published.message);
    // The publisher keeps the folder elsewhere and gives a link to it.
    const served = join(root, `served-${counter++}`);
    renameSync(realpathSync(paths[which]), served);
    rmSync(paths[which], { recursive: true, force: true });
    symlinkSync(served, paths[which]);
    const before = treeDigest(served);
    let crawled = false;
    const { result } = await build(paths, second, {
      crawl: async () => {
        crawled = true;
        return { exitCode: 0, message: 'complete', published: true };
      },
    });
    assert.equal(result.exitCode, 2, result.message);
    assert.equal(result.published, false);
    assert.match(
      result.message,
      new RegExp(`the (data|site) folder .* is a symbolic link to ${served}: .* name the folder itself \\(${served}\\)`),
    );
    assert.equal(crawled, false, 'refused before the crawl');
    assert.equal(readlinkSync(paths[which]), served);
    assert.equal(treeDigest(served), before);
  }
});

test("the site folder shown through orgdir's own link is published again and again", async () => {
  const paths = place();
  for (const dataset of [first, second, first]) {
    const { result } = await build(paths, dataset);
    assert.equal(result.exitCode, 0, result.message);
  }
  assert.ok(lstatSync(paths.siteDir).isSymbolicLink());
});
