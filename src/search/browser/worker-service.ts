// The page's side of the search worker: the engine's calls posted to the worker and answered by
// it, each part it asks for loaded on the page; or, when no worker can run, the engine on the
// page's own thread.
import { startClientWorker } from '../../lib/client-worker.ts';
import { SearchEngine } from './engine.ts';
import { SEARCH_CLIENT_FUNCTION } from '../format/options.ts';
import type { CallName, FromWorker, SearchCalls, ToWorker } from './protocol.ts';
import type { TextLoader } from './script-loader.ts';
import { searchService, type SearchService } from './service.ts';

/**
 * The query engine in its worker: each call posts a message and resolves with the worker's
 * answer, and each part the worker asks for is loaded with `load` and handed over as text. When
 * no worker can start (an old browser, a host's policy) or it stops, the same engine runs on the
 * page's thread instead, and the calls not yet answered are asked of it.
 */
export function workerService(load: TextLoader, scriptUrl: URL): SearchService {
  type Pending = {
    call: ToWorker & { kind: 'call' };
    resolve: (answer: never) => void;
    reject: (error: Error) => void;
  };
  const pending = new Map<number, Pending>();
  let calls = 0;
  let worker: Worker | undefined;
  let local: SearchService | undefined;
  const ask = ({ call, resolve, reject }: Pending): void => {
    const run = local![call.call] as (...args: unknown[]) => Promise<never>;
    run(...call.args).then(resolve, reject);
  };
  const fallBack = (): void => {
    worker?.terminate();
    worker = undefined;
    local ??= searchService(new SearchEngine(async (name) => JSON.parse((await load(name)).text) as unknown));
    for (const call of pending.values()) ask(call);
    pending.clear();
  };
  try {
    worker = startClientWorker(scriptUrl, SEARCH_CLIENT_FUNCTION);
    worker.addEventListener('message', ({ data: message }: MessageEvent<FromWorker>) => {
      if (message.kind === 'need') {
        load(message.name).then(
          ({ build, text }) =>
            worker?.postMessage({ kind: 'part', name: message.name, build, text } satisfies ToWorker),
          (error: unknown) =>
            worker?.postMessage({
              kind: 'part-failed',
              name: message.name,
              message: error instanceof Error ? error.message : String(error),
            } satisfies ToWorker),
        );
        return;
      }
      const call = pending.get(message.id);
      pending.delete(message.id);
      if (message.kind === 'answer') call?.resolve(message.answer as never);
      else call?.reject(new Error(message.message));
    });
    worker.addEventListener('error', fallBack);
  } catch {
    fallBack();
  }
  const call =
    <Name extends CallName>(name: Name) =>
    (...args: SearchCalls[Name]['args']): Promise<SearchCalls[Name]['answer']> =>
      new Promise((resolve, reject) => {
        const waiting = {
          call: { kind: 'call', id: (calls += 1), call: name, args } as Pending['call'],
          resolve,
          reject,
        };
        if (!worker) return ask(waiting);
        pending.set(waiting.call.id, waiting);
        worker.postMessage(waiting.call);
      });
  return {
    core: call('core'),
    results: call('results'),
    counts: call('counts'),
    suggest: call('suggest'),
    csv: call('csv'),
  };
}
