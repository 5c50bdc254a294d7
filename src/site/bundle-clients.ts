// Bundles a browser client (the search page's, with MiniSearch; the list matcher's) into one
// classic script: an IIFE, because module scripts do not load from file://
// (https://github.com/withastro/astro/issues/12288), and ASCII, so that no host's charset can
// break it.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const SEARCH_CLIENT_ENTRY = fileURLToPath(new URL('../search/browser.ts', import.meta.url));
const SEARCH_WORKER_ENTRY = fileURLToPath(new URL('../search/worker.ts', import.meta.url));
const MATCH_CLIENT_ENTRY = fileURLToPath(new URL('../match/browser.ts', import.meta.url));
const MATCH_WORKER_ENTRY = fileURLToPath(new URL('../match/worker.ts', import.meta.url));

/**
 * The text of `search/search.js`, the search page's client, with the search worker's bundle (the
 * query engine and MiniSearch) in it as a string, started from a blob: URL (src/search/browser.ts).
 */
export function bundleSearchClient(): Promise<Uint8Array> {
  return bundleWithWorker(SEARCH_CLIENT_ENTRY, SEARCH_WORKER_ENTRY, 'SEARCH_WORKER_SOURCE');
}

/**
 * The text of `match/match.js`, the list matcher's client, with the matching worker's bundle in it
 * as a string (src/match/browser.ts).
 */
export function bundleMatchClient(): Promise<Uint8Array> {
  return bundleWithWorker(MATCH_CLIENT_ENTRY, MATCH_WORKER_ENTRY, 'MATCH_WORKER_SOURCE');
}

/**
 * A client with its worker's bundle in it as the string `name`: Chromium refuses a worker's own
 * file from file://, and the page starts the worker from a blob: URL instead.
 */
async function bundleWithWorker(client: string, worker: string, name: string): Promise<Uint8Array> {
  const source = new TextDecoder().decode(await bundleScript(worker));
  return bundleScript(client, { [name]: JSON.stringify(source) });
}

/** The text of one classic script bundling `entry` (a path) and what it imports; `define` replaces global names by code. */
async function bundleScript(entry: string, define: Record<string, string> = {}): Promise<Uint8Array> {
  const result = await build({
    entryPoints: [entry],
    outfile: 'client.js',
    write: false,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    // Browsers since 2021: private class fields stay native instead of WeakMap look-ups.
    target: ['es2022'],
    minify: true,
    charset: 'ascii',
    legalComments: 'eof',
    logLevel: 'silent',
    define,
  });
  return result.outputFiles[0]!.contents;
}
