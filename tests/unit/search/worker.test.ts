// The search worker's loading over http(s): it fetches each part itself, except the core and the
// parts the page says it is loading already, which it asks of the page instead, so that nothing
// is downloaded twice.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildSearchIndex } from '../../../src/search/build/build-index.ts';
import { serveSearch, type WorkerScope } from '../../../src/search/browser/worker.ts';
import type { FromWorker, ToWorker } from '../../../src/search/browser/protocol.ts';
import { partScript } from '../../../src/search/format/part-script.ts';
import { partJson } from '../../../src/search/format/parts.ts';
import { collectRecordDocuments as collectDocuments } from '../../support/records.ts';

const guid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const records = ['Galway Youth Theatre', 'Sligo Arts Trust', 'Galway Rowing Club'].map((name, n) => ({
  id: guid(n),
  name,
  altNames: [],
  regulators: [],
  otherAddresses: [],
  directors: [],
}));

/** A worker over a built index, started in a fake scope that serves every part on request. */
async function worker(comingFirst: (name: string) => boolean) {
  const built = buildSearchIndex(await collectDocuments(records, () => ({ lists: [], voluntaryCodes: [] })));
  const text = (name: string) => partJson(built.parts.get(name));
  const fetched: string[] = [];
  const askedOfPage: string[] = [];
  const scope: WorkerScope = {
    location: { href: 'http://example.org/search/search.js' },
    onmessage: null,
    fetch: (url) => {
      const name = new URL(url).pathname.replace(/^\/search\/|\.js$/g, '');
      fetched.push(name);
      return Promise.resolve(new Response(partScript(name, 'b', text(name))));
    },
    postMessage: (message) => {
      if (message.kind !== 'need') return;
      askedOfPage.push(message.name);
      // The page answers in a task of its own, as a message would come.
      setTimeout(() => send({ kind: 'part', name: message.name, build: 'b', text: text(message.name) }));
    },
  };
  const send = (message: ToWorker) => scope.onmessage!({ data: message } as MessageEvent<ToWorker>);
  serveSearch(scope);
  const terms = [...built.parts.keys()].filter((name) => name.startsWith('terms/'));
  send({ kind: 'coming', names: terms.filter(comingFirst) });
  const results = new Promise<FromWorker>((resolve) => {
    scope.postMessage = ((post) => (message: FromWorker) => {
      post(message);
      if (message.kind === 'answer') resolve(message);
    })(scope.postMessage);
  });
  send({
    kind: 'call',
    id: 1,
    call: 'results',
    args: [{ query: 'galway', filters: {}, sort: 'relevance', offset: 0, limit: 20 }],
  });
  const answer = await results;
  return { fetched, askedOfPage, answer, terms };
}

test('over http the worker asks the page for the parts it is loading, and fetches the rest itself', async () => {
  const { fetched, askedOfPage, answer, terms } = await worker(() => true);
  assert.equal(answer.kind, 'answer');
  assert.equal((answer as { answer: { total: number } }).answer.total, 2);
  const termsRead = askedOfPage.filter((name) => terms.includes(name));
  assert.ok(termsRead.length > 0, 'the query read a terms file from the page');
  assert.deepEqual(
    fetched.filter((name) => terms.includes(name)),
    [],
    'no terms file the page was loading was fetched again',
  );
  assert.ok(askedOfPage.includes('core'));
  assert.ok(
    fetched.some((name) => name.startsWith('docs/')),
    'the results are fetched by the worker itself',
  );
});

test('over http a part the page is not loading is fetched by the worker, never asked of the page', async () => {
  const { fetched, askedOfPage, terms } = await worker(() => false);
  assert.deepEqual(askedOfPage, ['core']);
  assert.ok(fetched.some((name) => terms.includes(name)));
});
