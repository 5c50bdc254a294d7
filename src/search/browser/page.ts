// The search page in the browser: one classic script (`search/search.js`), since module scripts
// and fetch() fail from file://. The query engine runs in a worker (src/search/browser/worker.ts): this
// same script, started as every client's worker is (src/lib/client-worker.ts), so that parsing the index, ranking and counting never
// hold the page's thread. Over http(s) the worker fetches the index's parts itself; the page
// hands it the core, which its own script tag brings, and from file:// every part it asks for: a
// classic script inserted on demand, which hands its JSON text to the global registration
// function, and the page passes it on. Everything is built with DOM methods and textContent: no HTML from data, no
// inline handlers, no eval.
import { SearchBox, nextTask } from './search-box.ts';
import { searchElements } from './search-elements.ts';
import { firstParts, scriptLoader } from './script-loader.ts';
import type { SearchService } from './service.ts';
import { serveSearch, type WorkerScope } from './worker.ts';
import { workerService } from './worker-service.ts';

/** Binds one search form and its results to the engine. */
function enhance(container: HTMLElement, search: SearchService): void {
  const page = searchElements(container);
  if (!page) return;
  const box = new SearchBox(page, search);
  box.listen();
  box.load();
}

function start(): void {
  const script = document.currentScript as HTMLScriptElement | null;
  const containers = document.querySelectorAll<HTMLElement>('[data-search]');
  if (containers.length === 0) return;
  const scriptUrl = new URL(
    script?.src ??
      document.querySelector<HTMLScriptElement>('script[src$="search/search.js"]')?.src ??
      new URL('search/search.js', window.location.href).href,
  );
  // From file://, the worker asks the page for every part: the first ones the address's query
  // needs are loaded as soon as the core is here, while the worker is still starting.
  const query = new URLSearchParams(window.location.search).get('q') ?? '';
  const { load, preload } = scriptLoader(new URL('./', scriptUrl), (coreText) => {
    if (scriptUrl.protocol !== 'file:' || query.trim() === '') return;
    try {
      for (const name of firstParts(coreText, query)) preload(name);
    } catch {
      // A core this page cannot read is reported when the worker reads it.
    }
  });
  const search = workerService(load, scriptUrl);
  // Starting the worker and binding the form each hold the page's thread for a while: the form is
  // bound in a task of its own, so that the reader's input can come in between.
  void nextTask().then(() => {
    for (const container of containers) enhance(container, search);
  });
}

// The same script is the page's client and, in a worker (no document there), the search worker.
// `defer` runs the script after parsing, but document.currentScript is only set while it runs.
if (typeof document === 'undefined') serveSearch(self as unknown as WorkerScope);
else start();
