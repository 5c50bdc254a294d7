// The browser clients' one way to start their worker. Each client is one classic script that is
// also its own worker (no document there), and the build wraps it in a global function named
// after it (src/site/bundle-clients.ts). Over http(s) the worker runs the script's own file,
// which the browser already holds and a host's `script-src 'self'` allows; from file://, where
// Chromium refuses a worker's own file and importScripts() alike, it runs a blob: URL made of that
// function's source, which the page already holds too: nothing is fetched or bundled twice.

/** A worker running the client script at `scriptUrl`, which the build wrapped in the global function `wrapper`. */
export function startClientWorker(scriptUrl: URL, wrapper: string): Worker {
  if (scriptUrl.protocol !== 'file:') return new Worker(scriptUrl);
  const wrapped = (window as unknown as Record<string, unknown>)[wrapper];
  if (typeof wrapped !== 'function') throw new Error(`${scriptUrl.pathname} is not wrapped for its worker`);
  const url = URL.createObjectURL(new Blob([`(${String(wrapped)})();`], { type: 'text/javascript' }));
  try {
    return new Worker(url);
  } finally {
    URL.revokeObjectURL(url);
  }
}
