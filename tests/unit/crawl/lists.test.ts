// crawl() against a small scripted API, for the shapes and mistakes a real service may show that
// the sample API does not: ids that are not GUIDs, hostile code ids, drift, discovery, resume.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  statSync,
  writeFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crawl, type CrawlSummary } from '../../../src/crawl/crawl.ts';
import { MAX_LIST_ENTRIES } from '../../../src/crawl/lists.ts';
import type { CrawlOptions } from '../../../src/crawl/options.ts';
import { crawlManifestSchema } from '../../../src/schemas/index.ts';

/** Every folder the tests of this file make is inside this one, removed when they end. */
const TEMP = mkdtempSync(join(tmpdir(), 'orgdir-lists-tests-'));
after(() => rmSync(TEMP, { recursive: true, force: true }));

/** The characters encoders change (`/`, `+`, `=`) are in it; its first word occurs nowhere else. */
const KEY = 'edgekey/7f3a+Qz=9w==';
const A = '2e427ca3-b6c4-4801-b9f2-ad6c518b45e5';
const B = '0b6a3c1e-1111-4a2b-8c3d-000000000002';
const C = '0b6a3c1e-2222-4a2b-8c3d-000000000003';
const GONE = '0b6a3c1e-3333-4a2b-8c3d-000000000004';
const HIDDEN = '0b6a3c1e-4444-4a2b-8c3d-000000000005';
const REDIRECTED = '0b6a3c1e-5555-4a2b-8c3d-000000000006';

function organisation(id: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    name: `Organisation ${id.slice(0, 4)}`,
    altNames: [],
    sectorName: 'Social Services',
    sectorCode: '5',
    subSectorName: 'Youth services',
    subSectorCode: '5.3',
    secondarySubsectorName: '',
    secondarySubsectorCode: '',
    regulators: [],
    registeredAddress: '1 Main Street, Athlone',
    county: 'Westmeath',
    geolocation: { type: 'Point', coordinates: [-7.94, 53.42] },
    financialSummary: {
      currentYear: 2021,
      currentIncome: 1000,
      currentNetAssets: 500,
      currentGrants: 0,
      currentExpenditure: -900,
      prevIncome: 800,
      prevNetAssets: 400,
      prevGrants: 0,
      prevExpenditure: -700,
      accountToDate: '2021-12-31T00:00:00',
    },
    funders: [],
    otherAddresses: [],
    sources: [],
    orgUrl: 'https://example.ie',
    incorporatedDate: '2001-05-01T00:00:00',
    governingForm: 'Company Limited by Guarantee',
    numEmployees: 3,
    legalObjectsExtract: 'To promote',
    legalObjectsDate: '2001-05-01T00:00:00',
    directors: [],
    regulatory: ['Registered Charity (CRA)'],
    governanceCodes: [],
    ...extra,
  };
}

type Route = { status: number; body: string; headers?: Record<string, string> };

interface FakeApi {
  url: string;
  requests: string[];
  keys: (string | undefined)[];
  routes: Map<string, Route>;
  close(): Promise<void>;
}

function ok(value: unknown, raw?: string): Route {
  return { status: 200, body: raw ?? JSON.stringify(value) };
}

async function fakeApi(routes: Record<string, Route>): Promise<FakeApi> {
  const api: FakeApi = {
    url: '',
    requests: [],
    keys: [],
    routes: new Map(Object.entries(routes)),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = createServer((request, response) => {
    const path = (request.url ?? '').replace(/^\/public\/v1/, '');
    api.requests.push(path);
    const key = request.headers['ocp-apim-subscription-key'];
    api.keys.push(typeof key === 'string' ? key : undefined);
    if (key !== KEY) {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ statusCode: 401, message: 'Access denied due to invalid subscription key.' }),
      );
      return;
    }
    // A search the test did not foresee finds nothing, as the real service answers a query
    // without matches; any other path the test did not give is unknown.
    const route =
      api.routes.get(path) ??
      (path.startsWith('/search?')
        ? { status: 200, body: '[]' }
        : { status: 404, body: '{"statusCode":404,"message":"Resource not found"}' });
    response.writeHead(route.status, { 'content-type': 'application/json', ...route.headers });
    response.end(route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/public/v1`;
  return api;
}

/** A well-behaved API with two codes, three lists and records for A, B and C (GONE answers 404). */
function standardRoutes(): Record<string, Route> {
  return {
    '/VoluntaryCodes': ok(['GOVERNANCECODE', 'SORP']),
    '/VoluntaryCodeMembers/GOVERNANCECODE': ok([{ id: A, name: 'A' }]),
    '/VoluntaryCodeMembers/SORP': ok([]),
    '/registeredCharities/': ok([
      { id: A, name: 'A' },
      { id: B, name: 'B' },
    ]),
    '/taxEfficientGifts': ok([{ id: C, name: 'C' }]),
    '/housingBodies/': ok([{ id: GONE, name: 'Gone' }]),
    [`/Organisation/${A}`]: ok(null, `{ "id" : "${A}",\n  "exactBytes": true }`),
    [`/Organisation/${B}`]: ok(organisation(B)),
    [`/Organisation/${C}`]: ok(
      organisation(C, { geolocation: { type: 'Point', coordinates: [53.42, -7.94] } }),
    ),
  };
}

function tempDataDir(): string {
  return join(mkdtempSync(join(TEMP, 'orgdir-crawl-')), 'data');
}

async function run(api: FakeApi, dataDir: string, options: CrawlOptions = {}): Promise<CrawlSummary> {
  return crawl({
    apiUrl: api.url,
    key: KEY,
    dataDir,
    rate: 0,
    backoffBaseMs: 1,
    backoffMaxMs: 5,
    maxAttempts: 3,
    // The search sweep is on by default; the tests of the lists and records leave it out.
    discover: false,
    ...options,
  });
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}

test('a clean crawl stores every list and record as sent and publishes with exit 0', async () => {
  const api = await fakeApi(standardRoutes());
  const dataDir = tempDataDir();
  try {
    const summary = await run(api, dataDir);
    assert.equal(summary.exitCode, 0, summary.message);
    assert.equal(summary.published, true);
    assert.equal(
      readFileSync(join(dataDir, 'organisations', `${A}.json`), 'utf8'),
      `{ "id" : "${A}",\n  "exactBytes": true }`,
    );
    assert.deepEqual(
      readdirSync(join(dataDir, 'organisations')).sort(),
      [`${B}.json`, `${C}.json`, `${A}.json`].sort(),
    );
    assert.deepEqual(readdirSync(join(dataDir, 'lists')).sort(), [
      'housingBodies.json',
      'registeredCharities.json',
      'taxEfficientGifts.json',
    ]);
    assert.deepEqual(readJson(join(dataDir, 'voluntary-codes.json')), ['GOVERNANCECODE', 'SORP']);
    assert.deepEqual(readdirSync(join(dataDir, 'voluntary-code-members')).sort(), [
      'GOVERNANCECODE.json',
      'SORP.json',
    ]);
    assert.equal(existsSync(`${dataDir}.partial`), false);

    const manifest = crawlManifestSchema.parse(readJson(join(dataDir, 'manifest.json')));
    assert.equal(manifest.complete, true);
    assert.equal(manifest.apiUrl, api.url);
    assert.deepEqual(manifest.gone, [GONE]);
    assert.deepEqual(manifest.counts, {
      voluntaryCodes: 2,
      voluntaryCodeMembers: { GOVERNANCECODE: 1, SORP: 0 },
      registeredCharities: 2,
      taxEfficientGifts: 1,
      housingBodies: 1,
      discovered: 0,
      organisations: 4,
      stored: 3,
      gone: 1,
      failed: 0,
    });
    assert.deepEqual(manifest.coordinates.registeredAddress, {
      'lon-lat': 1,
      'lat-lon': 1,
      unknown: 1,
      outside: 0,
    });
    // The record of A lacks most fields and has one the spec does not name: reported, kept.
    assert.ok(
      manifest.drift.some((d) => d.resource === 'organisation' && d.path === 'name' && d.examples[0] === A),
    );
    assert.ok(manifest.drift.some((d) => d.path === 'exactBytes' && d.issue === 'unknown_field'));
    // Every organisation was asked for once, every list once.
    assert.equal(api.requests.length, 6 + 4);
  } finally {
    await api.close();
  }
});

test('ids that are not GUIDs are drift in their list and code ids that are not file names are failures, never used as paths', async () => {
  const routes = standardRoutes();
  routes['/VoluntaryCodes'] = ok(['GOVERNANCECODE', '../../escape', { description: 'no id here' }, 'SORP']);
  routes['/taxEfficientGifts'] = ok([
    { id: '../../../tmp/evil', name: 'Evil' },
    { name: 'No id' },
    { id: C, name: 'C' },
  ]);
  const api = await fakeApi(routes);
  const dataDir = tempDataDir();
  try {
    const summary = await run(api, dataDir);
    assert.equal(summary.exitCode, 1);
    assert.equal(summary.published, false);
    assert.equal(existsSync(dataDir), false);
    const failures = summary.manifest?.failures ?? [];
    assert.equal(failures.length, 2);
    assert.ok(failures.every((failure) => failure.scope === 'record'));
    assert.ok(failures.some((f) => f.operation === 'voluntaryCodeMembers' && /separator/.test(f.error)));
    assert.ok(
      failures.some((f) => f.operation === 'voluntaryCodeMembers' && /no recognisable id/.test(f.error)),
    );
    // A malformed id in a list is the list's drift, not a failed fetch: it counts for no guard.
    assert.equal(summary.manifest?.counts.failed, 2);
    const drift = (summary.manifest?.drift ?? []).filter(
      (finding) => finding.resource === 'taxEfficientGifts',
    );
    assert.ok(
      drift.some(
        (f) => f.path === 'id' && /not a GUID/.test(f.message) && f.examples.some((e) => e.includes('evil')),
      ),
      JSON.stringify(drift),
    );
    assert.ok(
      drift.some((f) => f.path === 'id' && /without an id/.test(f.message)),
      JSON.stringify(drift),
    );
    assert.ok(!api.requests.some((path) => path.includes('evil') || path.includes('escape')));
    const parent = join(dataDir, '..');
    assert.deepEqual(readdirSync(parent), ['data.partial']);
    // The valid part of the crawl is in the partial snapshot, ready to resume.
    assert.equal(existsSync(join(`${dataDir}.partial`, 'organisations', `${C}.json`)), true);
  } finally {
    await api.close();
  }
});

test('a list with a malformed id among good ones is published, the id reported as drift and counted as no failure', async () => {
  const routes = standardRoutes();
  routes['/taxEfficientGifts'] = ok([
    { id: 'not-a-guid', name: 'Odd' },
    { id: C, name: 'C' },
  ]);
  const api = await fakeApi(routes);
  try {
    const summary = await run(api, tempDataDir());
    assert.equal(summary.exitCode, 0, summary.message);
    assert.equal(summary.published, true);
    assert.equal(summary.manifest?.counts.failed, 0);
    assert.ok(summary.manifest?.drift.some((f) => f.resource === 'taxEfficientGifts' && f.path === 'id'));
  } finally {
    await api.close();
  }
});

test('--allow-failures publishes despite failed records, and the exit code still says so', async () => {
  const routes = standardRoutes();
  routes[`/Organisation/${B}`] = { status: 500, body: '{"statusCode":500,"message":"boom"}' };
  const api = await fakeApi(routes);
  const dataDir = tempDataDir();
  try {
    const refused = await run(api, dataDir);
    assert.equal(refused.exitCode, 1);
    assert.equal(refused.published, false);
    assert.deepEqual(refused.manifest?.failures, [
      {
        operation: 'organisation',
        id: B,
        status: 500,
        error: 'HTTP 500: boom',
        attempts: 3,
        scope: 'record',
      },
    ]);
    const allowed = await run(api, dataDir, { allowFailures: 1 });
    assert.equal(allowed.exitCode, 1);
    assert.equal(allowed.published, true);
    assert.match(allowed.message, /within --allow-failures 1/);
    assert.equal(crawlManifestSchema.parse(readJson(join(dataDir, 'manifest.json'))).runs, 2);
  } finally {
    await api.close();
  }
});

test('when organisation after organisation fails, the crawl stops instead of waiting out every record', async () => {
  const routes = standardRoutes();
  for (const id of [A, B, C]) routes[`/Organisation/${id}`] = { status: 503, body: '{"message":"down"}' };
  // A 404 proves the API is up and resets the count; whether GONE's answer falls between the
  // failures depends on retry timing, so it is left out here.
  routes['/housingBodies/'] = ok([]);
  const api = await fakeApi(routes);
  try {
    const summary = await run(api, tempDataDir(), { maxConsecutiveFailures: 2, concurrency: 1 });
    assert.equal(summary.exitCode, 1);
    assert.match(
      summary.message,
      /^stopped: 2 requests in a row failed .*HTTP 503: down.*the API looks down/,
    );
    assert.equal(summary.manifest?.counts.failed, 2);
  } finally {
    await api.close();
  }
});

test('a failed list keeps the previous data folder as it was, whatever --allow-failures says', async () => {
  const routes = standardRoutes();
  const api = await fakeApi(routes);
  const dataDir = tempDataDir();
  try {
    assert.equal((await run(api, dataDir)).exitCode, 0);
    writeFileSync(join(dataDir, 'README.md'), 'publisher notes');
    const before = readFileSync(join(dataDir, 'manifest.json'), 'utf8');
    api.routes.set('/registeredCharities/', { status: 503, body: 'unavailable' });
    const summary = await run(api, dataDir, { fresh: true, allowFailures: 100 });
    assert.equal(summary.exitCode, 1);
    assert.equal(summary.published, false);
    assert.equal(readFileSync(join(dataDir, 'manifest.json'), 'utf8'), before);
    api.routes.set('/registeredCharities/', standardRoutes()['/registeredCharities/'] as Route);
    assert.equal((await run(api, dataDir)).exitCode, 0);
    assert.equal(readFileSync(join(dataDir, 'README.md'), 'utf8'), 'publisher notes');
  } finally {
    await api.close();
  }
});

test('voluntary codes given as objects with descriptions are crawled by their ids', async () => {
  const routes = standardRoutes();
  routes['/VoluntaryCodes'] = ok([
    { id: 'GOVERNANCECODE', description: 'The Governance Code' },
    { code: 'SORP', desc: 'Charities SORP (FRS 102)' },
  ]);
  const api = await fakeApi(routes);
  const dataDir = tempDataDir();
  try {
    const summary = await run(api, dataDir);
    assert.equal(summary.exitCode, 0, summary.message);
    assert.deepEqual(summary.manifest?.counts.voluntaryCodeMembers, { GOVERNANCECODE: 1, SORP: 0 });
  } finally {
    await api.close();
  }
});

test('--discover finds organisations that are in no list and stores them with the lists', async () => {
  const routes = standardRoutes();
  const hiddenResult = { id: HIDDEN, name: 'Hidden', altNames: [], registeredAddress: 'x', county: 'Cork' };
  routes['/search?q=Cork'] = ok([hiddenResult, { id: A, name: 'A' }]);
  routes['/search?q=%22Social%20Services%22'] = ok([{ id: B, name: 'B' }]);
  routes[`/Organisation/${HIDDEN}`] = ok(organisation(HIDDEN));
  const api = await fakeApi(routes);
  const dataDir = tempDataDir();
  try {
    const summary = await run(api, dataDir, {
      discover: true,
      searchParam: 'q',
      discoverQueries: ['Cork', '"Social Services"'],
    });
    assert.equal(summary.exitCode, 0, summary.message);
    assert.deepEqual(readJson(join(dataDir, 'lists', 'discovered.json')), [hiddenResult]);
    assert.equal(existsSync(join(dataDir, 'organisations', `${HIDDEN}.json`)), true);
    const discovery = summary.manifest?.discovery;
    assert.equal(discovery?.discovered, 1);
    assert.equal(discovery?.seeds, 2);
    // The two seeds, then the words and the classification learnt from the results, each once.
    const searches = api.requests.filter((path) => path.startsWith('/search?'));
    assert.deepEqual(searches.slice(0, 2).sort(), ['/search?q=%22Social%20Services%22', '/search?q=Cork']);
    assert.equal(new Set(searches).size, searches.length);
    assert.equal(discovery?.queries, searches.length);
    assert.equal(summary.manifest?.counts.discovered, 1);
  } finally {
    await api.close();
  }
});

test('a resumed crawl without --discover drops what an earlier run discovered', async () => {
  const routes = standardRoutes();
  routes['/search?id=Cork'] = ok([{ id: HIDDEN, name: 'Hidden' }]);
  routes[`/Organisation/${HIDDEN}`] = ok(organisation(HIDDEN));
  routes[`/Organisation/${C}`] = { status: 500, body: 'down' };
  const api = await fakeApi(routes);
  const dataDir = tempDataDir();
  try {
    assert.equal((await run(api, dataDir, { discover: true, discoverQueries: ['Cork'] })).exitCode, 1);
    assert.equal(existsSync(join(`${dataDir}.partial`, 'organisations', `${HIDDEN}.json`)), true);
    api.routes.set(`/Organisation/${C}`, ok(organisation(C)));
    const summary = await run(api, dataDir);
    assert.equal(summary.exitCode, 0, summary.message);
    assert.equal(existsSync(join(dataDir, 'organisations', `${HIDDEN}.json`)), false);
    assert.equal(existsSync(join(dataDir, 'lists', 'discovered.json')), false);
    assert.equal(summary.manifest?.discovery, null);
  } finally {
    await api.close();
  }
});

test('a resumed crawl does not ask again for what it stored', async () => {
  const routes = standardRoutes();
  routes[`/Organisation/${C}`] = { status: 500, body: 'down' };
  const api = await fakeApi(routes);
  const dataDir = tempDataDir();
  try {
    assert.equal((await run(api, dataDir)).exitCode, 1);
    api.routes.set(`/Organisation/${C}`, ok(organisation(C)));
    api.requests.length = 0;
    const summary = await run(api, dataDir);
    assert.equal(summary.exitCode, 0, summary.message);
    // Only the failed record and the gone one (404s are asked again) were requested.
    assert.deepEqual(api.requests.sort(), [`/Organisation/${C}`, `/Organisation/${GONE}`].sort());
    assert.equal(summary.manifest?.runs, 2);
    assert.equal(summary.manifest?.counts.stored, 3);
    assert.ok(
      (summary.manifest?.drift ?? []).some((d) => d.path === 'exactBytes'),
      'drift of resumed records',
    );
  } finally {
    await api.close();
  }
});

test('an unfinished crawl that is too old, or of another API, is started over', async () => {
  const routes = standardRoutes();
  routes[`/Organisation/${C}`] = { status: 500, body: 'down' };
  const api = await fakeApi(routes);
  const dataDir = tempDataDir();
  try {
    await run(api, dataDir);
    const manifestPath = join(`${dataDir}.partial`, 'manifest.json');
    const manifest = readJson(manifestPath) as { startedAt: string };
    manifest.startedAt = new Date(Date.now() - 13 * 3_600_000).toISOString();
    writeFileSync(manifestPath, JSON.stringify(manifest));
    api.requests.length = 0;
    const messages: string[] = [];
    const summary = await run(api, dataDir, {
      reporter: { event: (event) => event.type === 'message' && messages.push(event.text) },
    });
    assert.ok(
      messages.some((text) => /starting over.*--resume-max-age 12 h/.test(text)),
      messages.join('\n'),
    );
    assert.equal(summary.manifest?.runs, 1);
    assert.ok(api.requests.includes(`/Organisation/${A}`));

    messages.length = 0;
    const otherApi = api.url.replace('127.0.0.1', 'localhost');
    const again = await run(api, dataDir, {
      apiUrl: otherApi,
      reporter: { event: (event) => event.type === 'message' && messages.push(event.text) },
    });
    assert.ok(
      messages.some((text) => /starting over.*another API/.test(text)),
      messages.join('\n'),
    );
    assert.equal(again.manifest?.apiUrl, otherApi);
  } finally {
    await api.close();
  }
});

test('a wrong key stops the crawl at once with exit 2, the data folder unchanged and the key nowhere', async () => {
  const api = await fakeApi(standardRoutes());
  const dataDir = tempDataDir();
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, 'manifest.json'), '{"previous":true}');
  const wrongKey = 'wrong-key-c0ffee-unique';
  try {
    const texts: string[] = [];
    const summary = await crawl({
      apiUrl: api.url,
      key: wrongKey,
      dataDir,
      reporter: { event: (event) => texts.push(JSON.stringify(event)) },
    });
    assert.equal(summary.exitCode, 2);
    assert.match(summary.message, /refused the subscription key.*invalid subscription key.*ORGDIR_API_KEY/);
    assert.ok(api.requests.length <= 4, `${api.requests.length} requests`);
    assert.equal(readFileSync(join(dataDir, 'manifest.json'), 'utf8'), '{"previous":true}');
    assert.equal(JSON.stringify(summary).includes(wrongKey), false);
    assert.equal(texts.join('').includes(wrongKey), false);
    const partialManifest = readFileSync(join(`${dataDir}.partial`, 'manifest.json'), 'utf8');
    assert.equal(partialManifest.includes(wrongKey), false);
  } finally {
    await api.close();
  }
});

test('an aborted crawl keeps its partial snapshot and says how to resume', async () => {
  const routes = standardRoutes();
  const api = await fakeApi(routes);
  const dataDir = tempDataDir();
  const controller = new AbortController();
  try {
    const summary = await run(api, dataDir, {
      rate: 2,
      signal: controller.signal,
      reporter: { event: (event) => event.type === 'request' && controller.abort() },
    });
    assert.equal(summary.exitCode, 1);
    assert.match(summary.message, /interrupted.*run again to resume/);
    assert.equal(existsSync(dataDir), false);
    assert.equal(existsSync(join(`${dataDir}.partial`, 'manifest.json')), true);
    assert.equal(existsSync(`${dataDir}.lock`), false);
  } finally {
    await api.close();
  }
});

test('a crawl killed between the two renames of the swap is repaired by the next one', async () => {
  const api = await fakeApi(standardRoutes());
  const dataDir = tempDataDir();
  try {
    assert.equal((await run(api, dataDir)).exitCode, 0);
    // As if killed after renaming data away and before renaming the partial in.
    renameSync(dataDir, `${dataDir}.previous`);
    const summary = await run(api, dataDir);
    assert.equal(summary.exitCode, 0, summary.message);
    assert.equal(existsSync(`${dataDir}.previous`), false);
    assert.equal(existsSync(join(dataDir, 'manifest.json')), true);
  } finally {
    await api.close();
  }
});

/** Every file below `dir`, by path. */
function filesBelow(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const path = join(dir, name);
    if (statSync(path).isFile()) files.set(name, readFileSync(path, 'utf8'));
  }
  return files;
}

// Checked by taking each protection out: with the redactor matching the key as sent only, the
// JSON-escaped record and list and the percent-encoded messages keep it (and the stored record
// decodes to it); with the queue's messages cut before they are redacted, the manifest keeps
// "edgek" from the cut 503.
test('a key with / + = given back JSON-escaped in a record and a list, percent-encoded in errors and a redirect, across the cut of a long message: in no file and no report', async () => {
  const routes = standardRoutes();
  const escaped = KEY.replaceAll('/', '\\/').replaceAll('+', '\\u002B').replaceAll('=', '\\u003d');
  routes['/registeredCharities/'] = ok(
    null,
    `[{"id":"${A}","name":"A (key ${escaped})"},{"id":"${B}","name":"B"}]`,
  );
  routes['/taxEfficientGifts'] = ok([
    { id: C, name: 'C' },
    { id: REDIRECTED, name: 'Redirected' },
  ]);
  routes[`/Organisation/${B}`] = ok(
    null,
    JSON.stringify(organisation(B)).replace(
      '"legalObjectsExtract":"',
      `"legalObjectsExtract":"Quote ${escaped}. `,
    ),
  );
  // The percent-encoded key straddles the 200th character of the message.
  const percent = encodeURIComponent(KEY).toLowerCase();
  routes[`/Organisation/${C}`] = {
    status: 503,
    body: JSON.stringify({ statusCode: 503, message: `${'-'.repeat(195)}${percent} (try later)` }),
  };
  routes[`/Organisation/${REDIRECTED}`] = {
    status: 302,
    body: '',
    headers: { location: `https://gateway.invalid/signin?key=${encodeURIComponent(KEY)}` },
  };
  const api = await fakeApi(routes);
  const dataDir = tempDataDir();
  const reported: string[] = [];
  try {
    const summary = await run(api, dataDir, {
      allowFailures: 2,
      reporter: { event: (event) => reported.push(JSON.stringify(event)) },
    });
    assert.equal(summary.published, true, summary.message);
    const failures = summary.manifest?.failures ?? [];
    assert.deepEqual(failures.map((failure) => failure.id).sort(), [C, REDIRECTED].sort());
    const files = filesBelow(dataDir);
    assert.ok(files.size >= 8);
    const holding = [...files]
      .filter(([, text]) => /edge/i.test(text) || text.includes(KEY))
      .map(([path]) => path);
    assert.deepEqual(holding, []);
    assert.equal(/edge/i.test(reported.join('\n') + JSON.stringify(summary)), false);
    // The record and the list as read, every escape decoded: what the site is built from.
    const record = JSON.stringify(readJson(join(dataDir, 'organisations', `${B}.json`)));
    assert.match(record, /Quote \[redacted key\]\. To promote/);
    const list = JSON.stringify(readJson(join(dataDir, 'lists', 'registeredCharities.json')));
    assert.match(list, /A \(key \[redacted key\]\)/);
    assert.match(files.get('manifest.json') ?? '', /HTTP 503: -{195}\[redacted key\]/);
    assert.match(files.get('manifest.json') ?? '', /signin\?key=\[redacted key\]/);
  } finally {
    await api.close();
  }
});

/** That a crawl failed on one group list, said why, and kept no file of that list's answer. */
function assertListRefused(summary: CrawlSummary, dataDir: string, list: string, error: RegExp): void {
  assert.equal(summary.exitCode, 1);
  assert.equal(summary.published, false);
  const failure = summary.manifest?.failures.find((entry) => entry.scope === 'list');
  assert.equal(failure?.operation, list);
  assert.match(failure?.error ?? '', error);
  assert.equal(existsSync(join(`${dataDir}.partial`, 'lists', `${list}.json`)), false);
}

// Checked by taking the protection out: with the answer stored before it is judged (as before),
// the second run reads the stored object back, fails the same way and exits 1.
test('a list answer that is not a list is a failure, not kept: the next run asks again and completes', async () => {
  const routes = standardRoutes();
  routes['/registeredCharities/'] = ok({ statusCode: 200, message: 'Service is warming up' });
  const api = await fakeApi(routes);
  const dataDir = tempDataDir();
  try {
    const broken = await run(api, dataDir);
    assertListRefused(broken, dataDir, 'registeredCharities', /not an array of organisations: not stored/);

    api.routes.set('/registeredCharities/', standardRoutes()['/registeredCharities/'] as Route);
    api.requests.length = 0;
    const repaired = await run(api, dataDir);
    assert.equal(repaired.exitCode, 0, repaired.message);
    assert.equal(repaired.manifest?.runs, 2, 'the unfinished crawl was resumed, not started over');
    assert.ok(api.requests.includes('/registeredCharities/'));
    assert.equal(repaired.manifest?.counts.registeredCharities, 2);
  } finally {
    await api.close();
  }
});

// Checked by taking the protection out: without the bound, the 100,001 entries (all one
// organisation) are accepted and the crawl publishes with exit 0.
test('a list longer than any register could be is refused with a clear failure and not kept', async () => {
  const routes = standardRoutes();
  const entries = Array.from({ length: MAX_LIST_ENTRIES + 1 }, () => ({ id: A, name: 'A' }));
  routes['/housingBodies/'] = ok(entries);
  const api = await fakeApi(routes);
  const dataDir = tempDataDir();
  try {
    assertListRefused(
      await run(api, dataDir),
      dataDir,
      'housingBodies',
      /^the answer lists 100,001 organisations, more than the 100,000 a list may hold: not stored$/,
    );
  } finally {
    await api.close();
  }
});

// Checked by taking the protection out: without the check, no warning is given for either file.
test('a key file that others can read is used, with a warning that says how to close it', async () => {
  const api = await fakeApi(standardRoutes());
  const folder = mkdtempSync(join(TEMP, 'orgdir-key-file-'));
  try {
    for (const [mode, warned] of [
      [0o644, true],
      [0o640, true],
      [0o600, false],
    ] as const) {
      const keyFile = join(folder, `key-${mode.toString(8)}`);
      writeFileSync(keyFile, `${KEY}\n`);
      chmodSync(keyFile, mode);
      const warnings: string[] = [];
      const summary = await crawl({
        apiUrl: api.url,
        keyFile,
        dataDir: tempDataDir(),
        rate: 0,
        reporter: {
          event: (event) => event.type === 'message' && event.level === 'warn' && warnings.push(event.text),
        },
      });
      assert.equal(summary.exitCode, 0, summary.message);
      const expected = new RegExp(
        `^the key file .*key-${mode.toString(8)} is open to others than its owner \\(permissions 0${mode.toString(8)}\\).*chmod 600`,
      );
      assert.equal(
        warnings.some((text) => expected.test(text)),
        warned,
        `${mode.toString(8)}: ${warnings.join('\n')}`,
      );
    }
  } finally {
    await api.close();
  }
});
