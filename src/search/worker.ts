// The search worker of search.html: it parses the index's parts, loads them into MiniSearch,
// runs the queries, ranks, counts the filters and writes downloads, so that the page's own thread
// stays free to draw and to answer the reader. It is search/search.js itself, run in a worker
// (src/search/browser.ts starts it). The worker cannot load the parts itself (fetch() and
// importScripts() fail from file://): it asks the page for each, and the page inserts the part's
// classic script and hands over its JSON text.
import { SearchEngine, type PartLoader } from './engine.ts';
import type { FromWorker, ToWorker } from './protocol.ts';
import { searchService } from './service.ts';

/** What the worker needs of its global scope. */
export interface WorkerScope {
  postMessage(message: FromWorker): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
}

type Answer = Extract<FromWorker, { kind: 'answer' }>['answer'];

/** Answers the page's calls in `scope`, a worker's global scope. */
export function serveSearch(scope: WorkerScope): void {
  const post = (message: FromWorker): void => scope.postMessage(message);
  const waiting = new Map<string, { resolve: (part: unknown) => void; reject: (error: Error) => void }>();
  // The engine asks for each part once (it keeps what it loaded), so one request per name is enough.
  const load: PartLoader = (name) =>
    new Promise((resolve, reject) => {
      waiting.set(name, { resolve, reject });
      post({ kind: 'need', name });
    });
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
    if (message.kind === 'part-failed') {
      pending.reject(new Error(message.message));
      return;
    }
    try {
      pending.resolve(JSON.parse(message.text));
    } catch {
      pending.reject(new Error(`search index file ${message.name}.js is not a part of this index`));
    }
  };
}
