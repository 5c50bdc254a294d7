import assert from 'node:assert/strict';
import { measureSite } from '../../../src/hosting/measure.ts';
import { readSigningKey, SIGNED_MANIFEST } from '../../../src/hosting/signed-manifest.ts';
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, test } from 'node:test';
import { CARRIED_FILES } from '../../../src/editions/carry.ts';
import { HISTORY_FILE } from '../../../src/editions/history-bundle.ts';
import type { EditionsView } from '../../../src/editions/history.ts';
import { publishBuild, type PublishOptions } from '../../../src/editions/publish.ts';
import { EditionStore } from '../../../src/editions/store.ts';
import { releaseDirOf } from '../../../src/hosting/release-folder.ts';
import { OUTPUT_MARK } from '../../../src/storage/output-folder.ts';
import { generateDataset, type SampleDataset } from '../../../src/sample-api/dataset.ts';
import { writeDataFolder } from '../../support/data-folder.ts';
import { serveSite } from '../../support/static-server.ts';
import { treeDigest } from '../../support/tree.ts';

const root = mkdtempSync(join(tmpdir(), 'orgdir-release-'));
after(() => rmSync(root, { recursive: true, force: true }));

const ORGS = 150;
const first = generateDataset({ orgs: ORGS });
const second = generateDataset({ orgs: ORGS, edition: 2 });

let counter = 0;
function place() {
  const dir = join(root, `case-${counter++}`);
  return { dataDir: join(dir, 'data'), siteDir: join(dir, 'dist'), editionsDir: join(dir, 'editions') };
}

let day = 0;
/** A build of `dataset` whose site is one page of `siteBytes` bytes. */
function build(
  paths: ReturnType<typeof place>,
  dataset: SampleDataset,
  options: Partial<PublishOptions> & { siteBytes?: number } = {},
) {
  const { siteBytes = 100, ...rest } = options;
  let view: EditionsView | undefined;
  const now = new Date(Date.UTC(2026, 2, 1 + day++));
  return publishBuild({
    ...paths,
    keep: 5,
    now: () => now,
    crawl: async (dataDir) => {
      writeDataFolder(dataset, dataDir, { failing: new Set() });
      return { exitCode: 0, message: 'complete', published: true };
    },
    renderSite: async (_dataDir, siteDir, given) => {
      view = given;
      mkdirSync(siteDir, { recursive: true });
      writeFileSync(join(siteDir, 'index.html'), 'x'.repeat(siteBytes));
      return measureSite(siteDir);
    },
    ...rest,
  }).then((result) => ({ result, view }));
}

test('a build puts the edition it publishes into the release folder beside the site', async () => {
  const paths = place();
  const { result } = await build(paths, first);
  assert.equal(result.exitCode, 0, result.message);
  const release = releaseDirOf(paths.siteDir);
  assert.deepEqual(
    readdirSync(release).sort(),
    [OUTPUT_MARK, HISTORY_FILE, ...CARRIED_FILES.map(([, carried]) => carried)].sort(),
  );
  const meta = JSON.parse(readFileSync(join(release, 'orgdir-edition.json'), 'utf8')) as { id: string };
  assert.equal(meta.id, result.edition?.id);
  assert.ok(!existsSync(`${paths.siteDir}.next`) && !existsSync(`${release}.next`));
});

test('with an empty editions folder, the build fetches the previous edition from the release address (through its redirect) and reports changes against it', async () => {
  // Last night, on another machine: its editions went with that machine's cache.
  const yesterday = place();
  const { result: previous } = await build(yesterday, first);
  assert.equal(previous.exitCode, 0, previous.message);
  const files = await serveSite(releaseDirOf(yesterday.siteDir), { subPath: '/assets/' });
  // As GitHub answers releases/latest/download/<file>: a redirect to where the file is.
  const redirects = createServer((request, response) => {
    const name = (request.url ?? '').split('/').at(-1) ?? '';
    response.writeHead(302, { location: `${files.root}${name}` }).end();
  });
  await new Promise<void>((resolve) => redirects.listen(0, '127.0.0.1', resolve));
  const server = {
    root: `http://127.0.0.1:${(redirects.address() as AddressInfo).port}/releases/latest/download/`,
    close: async () => {
      redirects.closeAllConnections();
      await new Promise((resolve) => redirects.close(resolve));
      await files.close();
    },
  };
  try {
    const tonight = place();
    const lines: string[] = [];
    const { result, view } = await build(tonight, second, {
      releaseUrl: server.root,
      log: (line) => lines.push(line),
    });
    assert.equal(result.exitCode, 0, result.message);
    assert.equal(result.edition?.previous, previous.edition?.id);
    assert.equal(result.edition?.number, (previous.edition?.number ?? 0) + 1);
    const expected = (kind: string) => second.changes.filter((change) => change.kind === kind).length;
    assert.equal(result.edition?.changes.added, expected('added'));
    assert.equal(result.edition?.changes.removed, expected('removed'));
    assert.ok((result.edition?.changes.changed ?? 0) > 0);
    assert.match(result.message, new RegExp(`since ${previous.edition?.id}`));
    assert.ok(lines.some((line) => line.includes(`fetched the history, 1 editions up to ${previous.edition?.id}`)));
    // The guard compared with last night's crawl, not with nothing.
    assert.doesNotMatch(JSON.stringify(result.guard), /no previous edition/);
    assert.deepEqual(
      new EditionStore(tonight.editionsDir).list().map((edition) => edition.id),
      [previous.edition?.id, result.edition?.id],
    );
    assert.equal(view?.editions.length, 2);
  } finally {
    await server.close();
  }
});

test('with nothing published at the release address yet, the build says so and publishes a first edition', async () => {
  const empty = join(root, 'empty-release');
  mkdirSync(empty, { recursive: true });
  const server = await serveSite(empty);
  try {
    const paths = place();
    const lines: string[] = [];
    const { result } = await build(paths, first, {
      releaseUrl: server.root,
      log: (line) => lines.push(line),
    });
    assert.equal(result.exitCode, 0, result.message);
    assert.equal(result.edition?.previous, null);
    // No live data folder either: the night was judged on its own, and the build says so.
    assert.match(result.message, /a first edition: no previous edition could be fetched, so the publish guard checked only the crawl itself/);
    assert.ok(
      lines.some((line) => /no previous edition could be fetched .*404/.test(line)),
      lines.join('\n'),
    );
  } finally {
    await server.close();
  }
});

test('a site over the budget is not published: live data, site, release folder and editions stay as they were', async () => {
  const paths = place();
  const { result: published } = await build(paths, first, { siteBytes: 1000 });
  assert.equal(published.exitCode, 0, published.message);
  const live = [paths.dataDir, paths.siteDir, releaseDirOf(paths.siteDir)];
  const before = live.map((folder) => treeDigest(folder));
  const editions = new EditionStore(paths.editionsDir).list();
  const { result } = await build(paths, second, { siteBytes: 5000, siteBudget: 4000 });
  assert.equal(result.exitCode, 1);
  assert.equal(result.published, false);
  assert.match(result.message, /5 kB, over the budget of 4 kB/);
  assert.equal(result.site?.bytes, 5000);
  assert.deepEqual(
    live.map((folder) => treeDigest(folder)),
    before,
  );
  assert.deepEqual(new EditionStore(paths.editionsDir).list(), editions);
  assert.ok(!readdirSync(paths.editionsDir).some((name) => name.endsWith('.pending')));
  assert.ok(!existsSync(`${paths.siteDir}.next`) && !existsSync(releaseDirOf(`${paths.siteDir}.next`)));
  const { result: within } = await build(paths, second, { siteBytes: 5000, siteBudget: 6000 });
  assert.equal(within.exitCode, 0, within.message);
});

/** Last night's release folder, published by a build on another machine. */
const lastNight = (async () => {
  const paths = place();
  const { result } = await build(paths, first);
  assert.equal(result.exitCode, 0, result.message);
  return { folder: releaseDirOf(paths.siteDir), id: result.edition!.id };
})();

/**
 * A copy of last night's release folder with `change` made to it; without the history file unless
 * `history`, as an older orgdir published it, so that the edition's own files are what is fetched.
 */
async function tamperedRelease(change: (folder: string) => void, history = false): Promise<string> {
  const folder = join(root, `release-${counter++}`);
  cpSync((await lastNight).folder, folder, { recursive: true });
  if (!history) rmSync(join(folder, HISTORY_FILE));
  change(folder);
  return folder;
}

/** The lines of a gzipped JSON-lines file, for changing one. */
function jsonLines(file: string): Record<string, unknown>[] {
  return gunzipSync(readFileSync(file))
    .toString('utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

function writeJsonLines(file: string, lines: readonly unknown[]): void {
  writeFileSync(file, gzipSync(lines.map((line) => `${JSON.stringify(line)}\n`).join('')));
}

/**
 * A build with an empty editions folder against a release address serving `release`: the fetch
 * must be refused, the build publish a first edition and keep nothing it fetched. Answers the
 * build's log.
 */
async function refusedFetch(releaseRoot: string): Promise<string> {
  const paths = place();
  // What a fetch killed half-way on an earlier night left: not an edition, and removed.
  mkdirSync(join(paths.editionsDir, '.fetching-1'), { recursive: true });
  writeFileSync(join(paths.editionsDir, '.fetching-1', 'edition.json'), '{}');
  const lines: string[] = [];
  const { result } = await build(paths, second, { releaseUrl: releaseRoot, log: (line) => lines.push(line) });
  assert.equal(result.exitCode, 0, result.message);
  assert.equal(result.edition?.previous, null, 'published as a first edition');
  assert.deepEqual(
    readdirSync(paths.editionsDir).filter((name) => !name.startsWith('guard-')),
    [result.edition?.id],
    'nothing fetched was kept',
  );
  // The next build finds an edition and fetches nothing: a refused fetch cannot haunt it.
  const { result: next } = await build(paths, second, { releaseUrl: releaseRoot });
  assert.equal(next.exitCode, 0, next.message);
  const log = lines.join('\n');
  assert.match(log, /no previous edition could be fetched/);
  return log;
}

async function refusedRelease(release: string): Promise<string> {
  const server = await serveSite(release);
  try {
    return await refusedFetch(server.root);
  } finally {
    await server.close();
  }
}

// Each check of a fetched edition below was removed in turn from src/editions/carry.ts (the
// schema check of changes.json, of the snapshot's lines, the counts, the size limits, the limit on
// expanded bytes and line length, the removal of what a killed fetch left) and its test then
// failed: the malformed changes were kept and broke the build, the tampered snapshot was kept as
// the previous edition, the endless file was read until the test ran out of time or memory.
test("a previous edition whose changes.json is not an edition's changes is not kept: the build says which file and publishes a first edition", async () => {
  const release = await tamperedRelease((folder) =>
    writeFileSync(join(folder, 'orgdir-edition-changes.json'), JSON.stringify({ added: 'everyone' })),
  );
  assert.match(
    await refusedRelease(release),
    /orgdir-edition-changes\.json is not an edition's file \(added: /,
  );
});

test("a previous edition whose edition.json gives an id that is not an edition's is not kept: the id would name its folder", async () => {
  const release = await tamperedRelease((folder) => {
    const file = join(folder, 'orgdir-edition.json');
    const meta = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify({ ...meta, id: 'latest' }));
  });
  assert.match(
    await refusedRelease(release),
    /orgdir-edition\.json is not an edition's file \(id: not an edition id/,
  );
});

test('a tampered snapshot is not kept: an organisation id that is not a lower-case GUID, or one organisation short of what edition.json says', async () => {
  const pathLike = await tamperedRelease((folder) => {
    const file = join(folder, 'orgdir-edition-snapshot.jsonl.gz');
    const lines = jsonLines(file);
    lines[0] = { ...lines[0], id: '../../org/index' };
    writeJsonLines(file, lines);
  });
  assert.match(
    await refusedRelease(pathLike),
    /orgdir-edition-snapshot\.jsonl\.gz line 1: id: not a lower-case GUID/,
  );
  const short = await tamperedRelease((folder) => {
    const file = join(folder, 'orgdir-edition-snapshot.jsonl.gz');
    writeJsonLines(file, jsonLines(file).slice(1));
  });
  assert.match(
    await refusedRelease(short),
    /orgdir-edition\.json says \d+ organisations, its files hold \d+/,
  );
});

test('a snapshot that expands without end is cut off: the build goes on as a first edition, its memory bounded', async () => {
  // 4 GiB of zeros in 256 gzip members of 16 MiB each: 4 MB to send.
  const member = gzipSync(Buffer.alloc(16 * 1024 * 1024));
  const release = await tamperedRelease((folder) =>
    writeFileSync(join(folder, 'orgdir-edition-snapshot.jsonl.gz'), Buffer.concat(Array(256).fill(member))),
  );
  const before = process.memoryUsage().rss;
  assert.match(await refusedRelease(release), /orgdir-edition-snapshot\.jsonl\.gz has a line over 64 MB/);
  assert.ok(process.memoryUsage().rss - before < 512 * 1024 * 1024, 'memory stayed within bounds');
  // A line that does end, one MiB past the cap: refused as too long, not read as JSON.
  const long = await tamperedRelease((folder) =>
    writeFileSync(
      join(folder, 'orgdir-edition-snapshot.jsonl.gz'),
      gzipSync(Buffer.concat([Buffer.alloc(65 * 1024 * 1024, 0x30), Buffer.from('\n')])),
    ),
  );
  assert.match(await refusedRelease(long), /orgdir-edition-snapshot\.jsonl\.gz has a line over 64 MB/);
});

// The line cap cannot stop this one: every line is a valid organisation of 1 MB.
test('a snapshot of valid lines that expands past 1 GB is cut off there: the build goes on as a first edition', async () => {
  const release = await tamperedRelease((folder) => {
    const file = join(folder, 'orgdir-edition-snapshot.jsonl.gz');
    const [line] = jsonLines(file);
    const record = { ...(line!['record'] as Record<string, unknown>), padding: 'x'.repeat(1_000_000) };
    // 16 lines of 1 MB a gzip member, 70 members: 1.12 GB expanded, about 70 kB to send.
    const member = gzipSync(`${JSON.stringify({ ...line, record })}\n`.repeat(16));
    writeFileSync(file, Buffer.concat(Array(70).fill(member)));
  });
  assert.match(await refusedRelease(release), /orgdir-edition-snapshot\.jsonl\.gz, expanded, is over 1\.0 GB/);
});

/**
 * A release of last night's files but `oversized`, whose answer declares `bytes` and sends nothing;
 * without the history file unless `history`, so that the edition's own files are what is fetched.
 */
async function oversizedRelease(oversized: string, bytes: number, history = false): Promise<string> {
  const { folder } = await lastNight;
  const server = createServer((request, response) => {
    const name = (request.url ?? '').split('/').at(-1) ?? '';
    if (name !== oversized) {
      if (existsSync(join(folder, name)) && (history || name !== HISTORY_FILE))
        response.writeHead(200).end(readFileSync(join(folder, name)));
      else response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-length': String(bytes) });
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await refusedFetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

test('each file of an edition is refused when it declares one byte over its cap: edition.json 8 MB, the others 256 MB', async () => {
  for (const [file, cap, shown] of [
    ['orgdir-edition.json', 8_000_000, '8.0 MB'],
    ['orgdir-edition-snapshot.jsonl.gz', 256_000_000, '256 MB'],
    ['orgdir-edition-changes.json', 256_000_000, '256 MB'],
    ['orgdir-edition-former.jsonl.gz', 256_000_000, '256 MB'],
  ] as const) {
    const log = await oversizedRelease(file, cap + 1);
    assert.match(log, new RegExp(`${file.replaceAll('.', '\\.')} is [\\d.]+ MB, over ${shown.replace('.', '\\.')}`), file);
  }
  // Beside the history file: the history is held to its own cap, and the former organisations to theirs.
  for (const [file, cap, shown] of [
    [HISTORY_FILE, 4_000_000_000, '4.0 GB'],
    ['orgdir-edition-former.jsonl.gz', 256_000_000, '256 MB'],
  ] as const) {
    const log = await oversizedRelease(file, cap + 1, true);
    assert.match(log, new RegExp(`${file.replaceAll('.', '\\.')} is [\\d.]+ [MG]B, over ${shown.replace('.', '\\.')}`), file);
  }
});

test('a file larger than an edition could be is refused while it is fetched, with or without a declared length', async () => {
  for (const declared of [true, false]) {
    let sent = 0;
    const server = createServer((request, response) => {
      if (!(request.url ?? '').endsWith('orgdir-edition.json')) {
        response.writeHead(404).end();
        return;
      }
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      response.writeHead(200, declared ? { 'content-length': String(1024 * chunk.length) } : {});
      const more = () => {
        while (sent < 1024 * chunk.length && !response.destroyed) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', more);
        }
        response.end();
      };
      response.on('close', () => response.destroy());
      more();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const log = await refusedFetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      // Refused on its declared length before a byte is read, or while it streams past the limit.
      assert.match(log, declared ? /orgdir-edition\.json is 1\.1 GB, over 8\.0 MB/ : /orgdir-edition\.json is over 8\.0 MB/);
      assert.ok(sent < 256 * 1024 * 1024, `${sent} bytes were sent before the fetch gave up`);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }
});

// Each test below was checked against the code before its defence: the foreign edition was kept
// and the build, and the next one, stopped with exit 2; the number 2^53 − 1 was kept and tonight's
// edition vanished from the list; the former organisations were kept, each to become a page.
test("a release serving another register's edition is not kept: the build goes on as a first edition and says why, and so does the next night", async () => {
  const paths = place();
  const { result: theirs } = await build(paths, generateDataset({ orgs: ORGS, seed: 'another register' }));
  assert.equal(theirs.exitCode, 0, theirs.message);
  // With the history file (tonight's orgdir), and without it (an older orgdir's release).
  const withHistory = await refusedRelease(releaseDirOf(paths.siteDir));
  assert.match(withHistory, /is ignored: it is not this register's: 0 of its \d+ organisations are among the \d+ of tonight's crawl/);
  const single = join(root, `single-${counter++}`);
  cpSync(releaseDirOf(paths.siteDir), single, { recursive: true });
  rmSync(join(single, HISTORY_FILE));
  assert.match(await refusedRelease(single), /is ignored: it is not this register's: 0 of its \d+ organisations are among the \d+ of tonight's crawl/);
});

test("an edition holding a few of this register's organisations among another's is not kept either", async () => {
  const paths = place();
  const { result } = await build(paths, generateDataset({ orgs: ORGS, seed: 'a third register' }));
  assert.equal(result.exitCode, 0, result.message);
  const mixed = join(root, `mixed-${counter++}`);
  cpSync(releaseDirOf(paths.siteDir), mixed, { recursive: true });
  // The edition's own files are what is fetched, as from an older orgdir's release.
  rmSync(join(mixed, HISTORY_FILE));
  // Five of this register's organisations added to the other's snapshot, its count made to match.
  const ours = jsonLines(join((await lastNight).folder, 'orgdir-edition-snapshot.jsonl.gz'))
    .filter((line) => line['type'] === 'organisation')
    .slice(0, 5);
  const snapshot = join(mixed, 'orgdir-edition-snapshot.jsonl.gz');
  writeJsonLines(snapshot, [...jsonLines(snapshot), ...ours]);
  const metaFile = join(mixed, 'orgdir-edition.json');
  const meta = JSON.parse(readFileSync(metaFile, 'utf8')) as { counts: { organisations: number } };
  meta.counts.organisations += ours.length;
  writeFileSync(metaFile, JSON.stringify(meta));
  assert.match(await refusedRelease(mixed), /is ignored: it is not this register's: 5 of its \d+ organisations/);
});

test("an edition number past the bound is refused: tonight's, one more, must still be one the editions folder reads", async () => {
  const release = await tamperedRelease((folder) => {
    const file = join(folder, 'orgdir-edition.json');
    const meta = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify({ ...meta, number: Number.MAX_SAFE_INTEGER }));
  });
  assert.match(await refusedRelease(release), /orgdir-edition\.json is not an edition's file \(number: /);
  // The same edition.json in the history file.
  const history = await tamperedRelease((folder) => {
    const file = join(folder, HISTORY_FILE);
    writeJsonLines(
      file,
      jsonLines(file).map((line) =>
        line['type'] === 'edition'
          ? { ...line, edition: { ...(line['edition'] as object), number: Number.MAX_SAFE_INTEGER } }
          : line,
      ),
    );
  }, true);
  assert.match(await refusedRelease(history), /orgdir-editions\.jsonl\.gz line \d+: edition\.number: /);
});

test("a text past the bound in a fetched edition.json is refused, in the edition's own file and in the history", async () => {
  const long = 'x'.repeat(1_001);
  const release = await tamperedRelease((folder) => {
    const file = join(folder, 'orgdir-edition.json');
    const meta = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify({ ...meta, accepted: { reason: long, failedChecks: [] } }));
  });
  assert.match(await refusedRelease(release), /orgdir-edition\.json is not an edition's file \(accepted\.reason: text over 1000 characters/);
  const history = await tamperedRelease((folder) => {
    const file = join(folder, HISTORY_FILE);
    writeJsonLines(
      file,
      jsonLines(file).map((line) =>
        line['type'] === 'edition'
          ? { ...line, edition: { ...(line['edition'] as object), accepted: { reason: long, failedChecks: [] } } }
          : line,
      ),
    );
  }, true);
  assert.match(await refusedRelease(history), /orgdir-editions\.jsonl\.gz line \d+: edition\.accepted\.reason: text over 1000 characters/);
});

test("former organisations a release sends are held to its snapshot, its date and a cap before any becomes a page", async () => {
  const formerFile = (folder: string) => join(folder, 'orgdir-edition-former.jsonl.gz');
  const snapshotIds = (folder: string) =>
    jsonLines(join(folder, 'orgdir-edition-snapshot.jsonl.gz'))
      .filter((line) => line['type'] === 'organisation')
      .map((line) => String(line['id']));
  const gone = (organisationId: string, record: Record<string, unknown> = { id: organisationId }) => ({
    id: organisationId,
    name: 'Release Host Text',
    lastSeen: '2026-01-01',
    goneSince: '2026-01-02',
    record,
  });
  const GONE_ID = '0d0d0d0d-0000-4000-8000-00000000000d';
  // From the edition's own files, and beside the history file, which does not carry them.
  for (const history of [false, true]) {
  const stillListed = await tamperedRelease(
    (folder) => writeJsonLines(formerFile(folder), [gone(snapshotIds(folder)[0]!)]),
    history,
  );
  assert.match(await refusedRelease(stillListed), /is in the edition's snapshot too, so not gone/);
  const otherRecord = await tamperedRelease(
    (folder) =>
      writeJsonLines(formerFile(folder), [gone(GONE_ID, { id: snapshotIds(folder)[1], name: 'A live one' })]),
    history,
  );
  assert.match(await refusedRelease(otherRecord), /the record kept for 0d0d0d0d-.* is of /);
  const fromTheFuture = await tamperedRelease(
    (folder) => writeJsonLines(formerFile(folder), [{ ...gone(GONE_ID), goneSince: '2999-01-01' }]),
    history,
  );
  assert.match(await refusedRelease(fromTheFuture), /gone since 2999-01-01, after the edition or before/);
  const many = await tamperedRelease((folder) =>
    writeJsonLines(
      formerFile(folder),
      Array.from({ length: 1_001 }, (_, index) => gone(`0e0e0e0e-0000-4000-8000-${String(index).padStart(12, '0')}`)),
    ),
    history,
  );
  assert.match(await refusedRelease(many), /holds over 1000 organisations, more than its register has/);
  }
});

test('a tampered history is not kept: a record changed in it does not rebuild to the hash its edition stored', async () => {
  const release = await tamperedRelease((folder) => {
    const file = join(folder, HISTORY_FILE);
    const lines = jsonLines(file);
    const index = lines.findIndex((line) => line['type'] === 'organisation');
    const line = lines[index] as { record: Record<string, unknown> };
    lines[index] = { ...line, record: { ...line.record, name: 'Someone Else Entirely' } };
    writeJsonLines(file, lines);
  }, true);
  assert.match(await refusedRelease(release), /its register rebuilds to SHA-256 [0-9a-f]{64}, not the [0-9a-f]{64} it stored/);
});

test('a signed build signs the release folder with the edition in it, and signify verifies it', async () => {
  const paths = place();
  const keyDir = join(root, 'keys');
  mkdirSync(keyDir, { recursive: true });
  execFileSync('signify-openbsd', ['-G', '-n', '-p', join(keyDir, 'k.pub'), '-s', join(keyDir, 'k.sec')]);
  const signingKey = readSigningKey(readFileSync(join(keyDir, 'k.sec'), 'utf8'));
  const { result } = await build(paths, first, { signingKey });
  assert.equal(result.exitCode, 0, result.message);
  const release = releaseDirOf(paths.siteDir);
  const listed = readFileSync(join(release, SIGNED_MANIFEST), 'utf8');
  for (const [, carried] of CARRIED_FILES) assert.match(listed, new RegExp(`^SHA256 \\(${carried}\\) = `, 'm'));
  const checked = spawnSync('signify-openbsd', ['-C', '-p', join(keyDir, 'k.pub'), '-x', SIGNED_MANIFEST], {
    cwd: release,
    encoding: 'utf8',
  });
  assert.equal(checked.status, 0, checked.stderr);
});
