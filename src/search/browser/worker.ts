// The search worker of search.html: it parses the index's parts, loads them into MiniSearch,
// runs the queries, ranks, counts the filters and writes downloads, so that the page's own thread
// stays free to draw and to answer the reader. It is search/search.js itself, run in a worker
// (src/search/browser/worker-service.ts starts it). Over http(s) it fetches the parts itself, each round of them
// at once, so that neither their text nor the trip between two rounds passes through the page's
// thread. The core comes from the page, whose own script tag has fetched it beside search.js. From
// file://, where fetch() and importScripts() fail, and when a host's policy refuses the worker a
// fetch, it asks the page for each part: the page inserts the part's classic script and hands
// over its JSON text.
import { SearchEngine } from './engine.ts';
import type { PartLoader } from './index-parts.ts';
import { deliveredPart, type DeliveredPart } from '../format/part-script.ts';
import type { FromWorker, ToWorker } from './protocol.ts';
import { searchService } from './service.ts';

/** What the worker needs of its global scope. */
export interface WorkerScope {
  postMessage(message: FromWorker): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  /** The worker's own address: search/search.js over http(s), a blob: URL from file://. */
  location: { href: string };
  fetch(url: string): Promise<Response>;
}

type Answer = Extract<FromWorker, { kind: 'answer' }>['answer'];

/** Answers the page's calls in `scope`, a worker's global scope. */
export function serveSearch(scope: WorkerScope): void {
  const post = (message: FromWorker): void => scope.postMessage(message);
  const waiting = new Map<
    string,
    { resolve: (part: DeliveredPart) => void; reject: (error: Error) => void }
  >();
  // The engine asks for each part once (it keeps what it loaded), so one request per name is enough.
  const fromPage = (name: string): Promise<DeliveredPart> =>
    new Promise((resolve, reject) => {
      waiting.set(name, { resolve, reject });
      post({ kind: 'need', name });
    });
  let fetching = /^https?:$/.test(new URL(scope.location.href).protocol);
  /** The part fetched from beside this script; undefined once fetching is refused. */
  const fetched = async (name: string): Promise<DeliveredPart | undefined> => {
    let response: Response;
    try {
      response = await scope.fetch(new URL(`${name}.js`, scope.location.href).href);
    } catch {
      // A host's policy without connect-src refuses it (or the network is down, which the page's
      // script then reports): the page loads this part and every later one.
      fetching = false;
      return undefined;
    }
    if (!response.ok) throw new Error(`search index file ${name}.js could not be loaded`);
    const part = deliveredPart(await response.text());
    if (part?.name !== name) throw new Error(`search index file ${name}.js did not deliver its part`);
    return part;
  };
  let build: string | undefined;
  const load: PartLoader = async (name) => {
    const part = (name !== 'core' && fetching ? await fetched(name) : undefined) ?? (await fromPage(name));
    if (name === 'core') build = part.build;
    else if (build !== undefined && part.build !== build)
      throw new Error('the search index changed while this page was open; reload the page');
    try {
      return JSON.parse(part.text) as unknown;
    } catch {
      throw new Error(`search index file ${name}.js is not a part of this index`);
    }
  };
  const service = searchService(new SearchEngine(load));

  scope.onmessage = ({ data: message }) => {
    if (message.kind === 'call') {
      const run = service[message.call] as (...args: unknown[]) => Promise<Answer>;
      run(...message.args).then(
        (answer) => post({ kind: 'answer', id: message.id, answer }),
        (error: unknown) =>
          post({
            kind: 'failed',
            id: message.id,
            message: error instanceof Error ? error.message : String(error),
          }),
      );
      return;
    }
    const pending = waiting.get(message.name);
    waiting.delete(message.name);
    if (!pending) return;
    if (message.kind === 'part-failed') pending.reject(new Error(message.message));
    else pending.resolve(message);
  };
}
