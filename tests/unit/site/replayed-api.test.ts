// The API replayed from the release: served by a plain static server (Python's http.server), it gives
// a plain HTTP client the JSON the crawl stored at the spec's paths, and orgdir's own crawler,
// pointed at it, stores the listed organisations byte for byte as the first crawl did.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { request } from 'undici';
import { crawl } from '../../../src/crawl/crawl.ts';
import { startSampleApi } from '../../../src/sample-api/server.ts';
import { readSiteRecords } from '../../../src/site/site-records.ts';
import { ORGANISATION_IDS_FILE, REPLAYED_API_DIR } from '../../../src/site/replayed-api.ts';
import { GROUP_LIST_PATHS } from '../../../src/schemas/group-lists.ts';

let work: string;
let firstCrawl: string;
let server: ChildProcess | undefined;
/** The replayed API's base URL: the static server's address and `/public/v1`, as the real service's. */
let baseUrl: string;

/** Python's http.server on a free loopback port, serving `folder`: a static server and nothing else. */
async function pythonHttpServer(folder: string): Promise<{ child: ChildProcess; origin: string }> {
  const child = spawn('python3', ['-u', '-m', 'http.server', '--bind', '127.0.0.1', '0'], {
    cwd: folder,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  for await (const line of createInterface({ input: child.stdout! })) {
    const port = /port (\d+)/.exec(line)?.[1];
    if (port !== undefined) return { child, origin: `http://127.0.0.1:${port}` };
  }
  throw new Error('python3 -m http.server did not start');
}

/** One GET as a client of the closed service sends it: its key header, and a query parameter for good measure. */
async function get(path: string): Promise<{ status: number; body: Buffer; type: string | undefined }> {
  const response = await request(`${baseUrl}${path}?subscription=ignored`, {
    headers: { 'Ocp-Apim-Subscription-Key': 'any-key', accept: 'application/json' },
  });
  const body = Buffer.from(await response.body.arrayBuffer());
  const type = response.headers['content-type'];
  return { status: response.statusCode, body, type: Array.isArray(type) ? type[0] : type };
}

before(async () => {
  work = mkdtempSync(join(tmpdir(), 'orgdir-replayed-'));
  const api = await startSampleApi({ seed: 'replayed-api', orgs: 80 });
  try {
    firstCrawl = join(work, 'data');
    const summary = await crawl({ apiUrl: api.baseUrl, key: api.key, dataDir: firstCrawl, rate: 0 });
    assert.equal(summary.exitCode, 0, summary.message);
  } finally {
    await api.close();
  }
  const records = join(work, 'records');
  const release = join(work, 'release');
  const read = readSiteRecords(firstCrawl, records);
  read.replayedApi.complete(records, release, firstCrawl);
  const started = await pythonHttpServer(release);
  server = started.child;
  baseUrl = `${started.origin}/${REPLAYED_API_DIR}/v1`;
});

after(async () => {
  if (server !== undefined && server.exitCode === null) {
    server.kill();
    await once(server, 'exit');
  }
  rmSync(work, { recursive: true, force: true });
});

const stored = (path: string) => readFileSync(join(firstCrawl, path));

test('every group list answers at its spec path with the bytes the crawl stored, trailing slash and all', async () => {
  for (const [list, path] of Object.entries(GROUP_LIST_PATHS)) {
    const answer = await get(path);
    assert.equal(answer.status, 200, path);
    assert.ok(answer.body.equals(stored(`lists/${list}.json`)), path);
  }
  // A path the spec writes with a slash is a folder's index: the static server says text/html.
  assert.match((await get('/registeredCharities/')).type ?? '', /^text\/html/);
});

test('the voluntary codes and every code’s members answer with the stored bytes', async () => {
  const codes = await get('/VoluntaryCodes');
  assert.equal(codes.status, 200);
  assert.ok(codes.body.equals(stored('voluntary-codes.json')));
  const files = readdirSync(join(firstCrawl, 'voluntary-code-members'));
  assert.ok(files.length >= 2);
  for (const file of files) {
    const path = `/VoluntaryCodeMembers/${encodeURIComponent(file.slice(0, -'.json'.length))}`;
    const answer = await get(path);
    assert.equal(answer.status, 200, path);
    assert.ok(answer.body.equals(stored(`voluntary-code-members/${file}`)), path);
  }
});

test('the id list names every stored organisation, and each answers at /Organisation/<id> with its stored bytes', async () => {
  const listed = await get(`/${ORGANISATION_IDS_FILE}`);
  assert.equal(listed.status, 200);
  const ids = (JSON.parse(listed.body.toString('utf8')) as { id: string; name: string }[]).map(
    ({ id }) => id,
  );
  const storedIds = readdirSync(join(firstCrawl, 'organisations')).map((file) =>
    file.slice(0, -'.json'.length),
  );
  assert.deepEqual([...ids].sort(), storedIds.sort());
  for (const id of ids) {
    const answer = await get(`/Organisation/${id}`);
    assert.equal(answer.status, 200, id);
    assert.ok(answer.body.equals(stored(`organisations/${id}.json`)), id);
  }
  assert.equal((await get('/Organisation/00000000-0000-4000-8000-000000000000')).status, 404);
});

test('orgdir’s crawler pointed at the replayed API with --no-discover stores the listed organisations byte for byte', async () => {
  const second = join(work, 'second-crawl');
  const summary = await crawl({ apiUrl: baseUrl, key: 'any-key', dataDir: second, rate: 0, discover: false });
  assert.equal(summary.exitCode, 0, summary.message);
  const listed = new Set<string>();
  const lists = [
    ...Object.keys(GROUP_LIST_PATHS).map((list) => `lists/${list}.json`),
    ...readdirSync(join(firstCrawl, 'voluntary-code-members')).map(
      (file) => `voluntary-code-members/${file}`,
    ),
  ];
  for (const list of lists) {
    assert.ok(readFileSync(join(second, list)).equals(stored(list)), list);
    for (const { id } of JSON.parse(stored(list).toString('utf8')) as { id: string }[])
      listed.add(id.toLowerCase());
  }
  // A listed id whose record the service no longer gave is gone in both crawls alike.
  const storedFirst = new Set(readdirSync(join(firstCrawl, 'organisations')));
  const expected = [...listed].map((id) => `${id}.json`).filter((file) => storedFirst.has(file));
  const again = readdirSync(join(second, 'organisations')).sort();
  assert.ok(again.length > 0);
  assert.deepEqual(again, expected.sort());
  for (const file of again) {
    assert.ok(
      readFileSync(join(second, 'organisations', file)).equals(stored(`organisations/${file}`)),
      file,
    );
  }
});
