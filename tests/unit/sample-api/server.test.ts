import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { request } from 'undici';
import { until } from '../../support/wait.ts';
import { foldServiceText as foldText } from '../../../src/lib/service-search.ts';
import {
  DEMO_SUBSCRIPTION_KEY,
  startSampleApi,
  type RunningSampleApi,
} from '../../../src/sample-api/server.ts';
import {
  organisationListSchema,
  organisationSchema,
  readVoluntaryCode,
  searchResponseSchema,
  voluntaryCodesResponseSchema,
} from '../../../src/schemas/index.ts';

const MISSING_KEY = {
  statusCode: 401,
  message:
    'Access denied due to missing subscription key. Make sure to include subscription key when making requests to an API.',
};
const INVALID_KEY = {
  statusCode: 401,
  message:
    'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.',
};
const NOT_FOUND = { statusCode: 404, message: 'Resource not found' };

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: unknown;
}

async function get(
  api: RunningSampleApi,
  path: string,
  options: { key?: string | null; method?: 'GET' | 'POST' | 'DELETE' | 'HEAD' } = {},
): Promise<Reply> {
  const key = options.key === undefined ? api.key : options.key;
  const response = await request(path.startsWith('/_') ? api.origin + path : api.baseUrl + path, {
    method: options.method ?? 'GET',
    headers: key === null ? {} : { 'Ocp-Apim-Subscription-Key': key },
  });
  const text = await response.body.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.statusCode, headers: response.headers, text, json };
}

describe('the sample API', () => {
  let api: RunningSampleApi;
  before(async () => {
    api = await startSampleApi({ orgs: 1500 });
  });
  after(() => api.close());

  test('listens on loopback with the demo key and the /public/v1 prefix', () => {
    assert.match(api.baseUrl, /^http:\/\/127\.0\.0\.1:\d+\/public\/v1$/);
    assert.equal(api.key, DEMO_SUBSCRIPTION_KEY);
  });

  test('registeredCharities/ answers the whole list as JSON', async () => {
    const reply = await get(api, '/registeredCharities/');
    assert.equal(reply.status, 200);
    assert.equal(reply.headers['content-type'], 'application/json; charset=utf-8');
    const list = organisationListSchema.parse(reply.json);
    assert.equal(list.length, api.dataset.registeredCharities.length);
    assert.deepEqual(list, api.dataset.registeredCharities);
  });

  test('taxEfficientGifts (no slash) and housingBodies/ (slash) answer their lists', async () => {
    const gifts = await get(api, '/taxEfficientGifts');
    assert.equal(gifts.status, 200);
    assert.deepEqual(gifts.json, api.dataset.taxEfficientGifts);
    const housing = await get(api, '/housingBodies/');
    assert.equal(housing.status, 200);
    assert.deepEqual(housing.json, api.dataset.housingBodies);
  });

  test('the slash rules of the spec are kept: the other spelling is a gateway 404', async () => {
    for (const path of [
      '/registeredCharities',
      '/taxEfficientGifts/',
      '/housingBodies',
      '/registeredcharities/',
      '/organisation/' + (api.dataset.ids[0] ?? ''),
      '/Organisation/' + (api.dataset.ids[0] ?? '') + '/',
      '/VoluntaryCodeMembers/',
      '/nothing-here',
    ]) {
      const reply = await get(api, path);
      assert.equal(reply.status, 404, path);
      assert.deepEqual(reply.json, NOT_FOUND, path);
    }
  });

  test('a request without the key is refused with the gateway answer for a missing key', async () => {
    const reply = await get(api, '/registeredCharities/', { key: null });
    assert.equal(reply.status, 401);
    assert.equal(reply.headers['content-type'], 'application/json; charset=utf-8');
    assert.deepEqual(reply.json, MISSING_KEY);
  });

  test('a request with a wrong key is refused with the gateway answer for an invalid key', async () => {
    const reply = await get(api, '/Organisation/' + (api.dataset.ids[0] ?? ''), { key: 'not-the-key' });
    assert.equal(reply.status, 401);
    assert.deepEqual(reply.json, INVALID_KEY);
  });

  test('Organisation/{id} answers the full record of every listed id', async () => {
    const id = api.dataset.registeredCharities[3]?.id ?? '';
    const reply = await get(api, `/Organisation/${id}`);
    assert.equal(reply.status, 200);
    const record = organisationSchema.parse(reply.json);
    assert.equal(record.id, id);
    assert.equal(record.name, api.dataset.registeredCharities[3]?.name);
  });

  test('an unknown or gone organisation is 404, a malformed id 400', async () => {
    const unknown = await get(api, '/Organisation/00000000-0000-4000-8000-000000000000');
    assert.equal(unknown.status, 404);
    assert.deepEqual(unknown.json, { statusCode: 404, message: 'Organisation not found' });
    const gone = await get(api, `/Organisation/${api.dataset.goneIds[0] ?? ''}`);
    assert.equal(gone.status, 404);
    const malformed = await get(api, '/Organisation/not-a-guid');
    assert.equal(malformed.status, 400);
    assert.equal((malformed.json as { statusCode: number }).statusCode, 400);
  });

  test('VoluntaryCodes lists every code with a description, or one code when given its id', async () => {
    const all = await get(api, '/VoluntaryCodes');
    assert.equal(all.status, 200);
    const codes = voluntaryCodesResponseSchema.parse(all.json).map(readVoluntaryCode);
    assert.deepEqual(
      codes.slice(0, 3).map((code) => code?.id),
      ['GOVERNANCECODE', 'ICTR', 'SORP'],
    );
    assert.ok(codes.every((code) => code?.description !== undefined));
    const one = await get(api, '/VoluntaryCodes/ICTR');
    assert.deepEqual(one.json, [
      { id: 'ICTR', description: 'Statement of Guiding Principles for Fundraising' },
    ]);
    const byQuery = await get(api, '/VoluntaryCodes?id=SORP');
    assert.deepEqual(byQuery.json, [{ id: 'SORP', description: 'Charities SORP (FRS 102)' }]);
    assert.equal((await get(api, '/VoluntaryCodes/NOPE')).status, 404);
  });

  test('VoluntaryCodeMembers/{id} answers the members, an empty list for SORP, 404 for an unknown code', async () => {
    const governance = await get(api, '/VoluntaryCodeMembers/GOVERNANCECODE');
    assert.equal(governance.status, 200);
    assert.deepEqual(governance.json, api.dataset.voluntaryCodeMembers('GOVERNANCECODE'));
    assert.ok(organisationListSchema.parse(governance.json).length > 0);
    assert.deepEqual((await get(api, '/VoluntaryCodeMembers/SORP')).json, []);
    const unknown = await get(api, '/VoluntaryCodeMembers/NOPE');
    assert.equal(unknown.status, 404);
    assert.deepEqual(unknown.json, { statusCode: 404, message: 'Voluntary code not found' });
  });

  test('search answers SearchResults with a url; words in any order, a phrase only in sequence', async () => {
    const name = 'Family Resource Centre';
    const words = await get(api, `/search?id=${encodeURIComponent('centre resource family')}`);
    assert.equal(words.status, 200);
    const wordResults = searchResponseSchema.parse(words.json);
    const phrase = await get(api, `/search?id=${encodeURIComponent(`"${name}"`)}`);
    const phraseResults = searchResponseSchema.parse(phrase.json);
    assert.ok(phraseResults.length > 0);
    for (const result of phraseResults) {
      const fields = [result.name, ...result.altNames, result.registeredAddress].map(foldText);
      assert.ok(
        fields.some((field) => field.includes('family resource centre')),
        `${result.name} holds the phrase`,
      );
    }
    const reversed = await get(api, `/search?id=${encodeURIComponent('"centre resource family"')}`);
    assert.deepEqual(reversed.json, []);
    assert.ok(wordResults.length >= phraseResults.length);
    const first = phraseResults[0] as unknown as { url: string; id: string };
    assert.equal(first.url, `https://orgdir.example/org/${first.id}`);
  });

  test('every search result id has a record', async () => {
    const reply = await get(api, `/search?id=${encodeURIComponent('community')}`);
    const results = searchResponseSchema.parse(reply.json);
    assert.ok(results.length > 10);
    for (const result of results.slice(0, 20)) {
      assert.equal((await get(api, `/Organisation/${result.id}`)).status, 200);
    }
  });

  test('an empty search query is 400', async () => {
    for (const path of ['/search', '/search?id=', '/search?id=%20%22%22']) {
      const reply = await get(api, path);
      assert.equal(reply.status, 400, path);
      assert.equal((reply.json as { statusCode: number }).statusCode, 400);
    }
  });

  test('a method other than GET is 405 with Allow and a JSON body', async () => {
    const reply = await get(api, '/registeredCharities/', { method: 'POST' });
    assert.equal(reply.status, 405);
    assert.equal(reply.headers['allow'], 'GET, HEAD');
    assert.deepEqual(reply.json, { statusCode: 405, message: 'Method not allowed' });
  });
});

describe('the sample API statistics', () => {
  test('count requests per operation, statuses, peak concurrency and organisations served', async () => {
    const api = await startSampleApi({ orgs: 300, faults: { latencyMs: 200 } });
    try {
      const id = api.dataset.ids[0] ?? '';
      await Promise.all([
        get(api, '/registeredCharities/'),
        get(api, '/registeredCharities/'),
        get(api, `/Organisation/${id}`),
        get(api, `/Organisation/${id}`),
        get(api, '/taxEfficientGifts', { key: null }),
        get(api, '/nowhere'),
      ]);
      // The server closes its side of an answer just after the client has read it.
      await until(
        () => api.stats().currentConcurrent === 0 && api.stats().organisationsServed[id] === 2,
        'the server to finish its answers',
      );
      const stats = api.stats();
      assert.equal(stats.requests.registeredCharities, 2);
      assert.equal(stats.requests.organisation, 2);
      assert.equal(stats.requests.taxEfficientGifts, 1);
      assert.equal(stats.requests.search, 0);
      assert.equal(stats.unmatchedRequests, 1);
      assert.deepEqual(stats.statuses, { '200': 4, '401': 1, '404': 1 });
      assert.ok(stats.peakConcurrent >= 3, `peak ${stats.peakConcurrent}`);
      assert.equal(stats.currentConcurrent, 0);
      assert.deepEqual(stats.organisationsServed, { [id]: 2 });

      const served = await get(api, '/_stats', { key: null });
      assert.equal(served.status, 200);
      assert.deepEqual(served.json, JSON.parse(JSON.stringify(api.stats())));

      api.resetStats();
      assert.deepEqual(api.stats().statuses, {});
      assert.deepEqual(api.stats().organisationsServed, {});
    } finally {
      await api.close();
    }
  });
});

describe('the sample API data', () => {
  test('two servers with the same seed answer the same bytes; another seed differs', async () => {
    const [a, b, c] = await Promise.all([
      startSampleApi({ orgs: 400, seed: 7 }),
      startSampleApi({ orgs: 400, seed: 7 }),
      startSampleApi({ orgs: 400, seed: 8 }),
    ]);
    try {
      for (const path of [
        '/registeredCharities/',
        '/housingBodies/',
        '/VoluntaryCodeMembers/ICTR',
        '/search?id=community',
      ]) {
        assert.equal((await get(a, path)).text, (await get(b, path)).text, path);
      }
      const id = a.dataset.ids[17] ?? '';
      assert.equal((await get(a, `/Organisation/${id}`)).text, (await get(b, `/Organisation/${id}`)).text);
      assert.notEqual(
        (await get(a, '/registeredCharities/')).text,
        (await get(c, '/registeredCharities/')).text,
      );
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });

  test('VoluntaryCodes can answer plain code ids, as the service did in 2018', async () => {
    const api = await startSampleApi({ orgs: 100, voluntaryCodesShape: 'strings', key: 'other-key' });
    try {
      const reply = await get(api, '/VoluntaryCodes');
      assert.deepEqual((reply.json as string[]).slice(0, 3), ['GOVERNANCECODE', 'ICTR', 'SORP']);
      assert.equal((await get(api, '/VoluntaryCodes', { key: DEMO_SUBSCRIPTION_KEY })).status, 401);
    } finally {
      await api.close();
    }
  });

  test('records prepared at start-up are answered byte for byte as records made on request', async () => {
    const made = await startSampleApi({
      orgs: 200,
      degradations: { blankField: 'funders', blankShare: 0.5 },
    });
    const prepared = await startSampleApi({
      orgs: 200,
      degradations: { blankField: 'funders', blankShare: 0.5 },
      prepareRecords: true,
    });
    try {
      for (const id of made.dataset.ids.slice(0, 40)) {
        const path = `/Organisation/${id.toUpperCase()}`;
        assert.equal((await get(prepared, path)).text, (await get(made, path)).text, id);
      }
      const gone = made.dataset.goneIds[0] ?? '';
      assert.equal((await get(prepared, `/Organisation/${gone}`)).status, 404);
      assert.deepEqual(prepared.stats().organisationsServed, made.stats().organisationsServed);
    } finally {
      await Promise.all([made.close(), prepared.close()]);
    }
  });
});
