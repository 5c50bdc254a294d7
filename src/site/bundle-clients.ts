// Bundles a browser client (the search page's, with MiniSearch; the list matcher's) into one
// classic script: an IIFE, because module scripts do not load from file://
// (https://github.com/withastro/astro/issues/12288), and ASCII, so that no host's charset can
// break it.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { SEARCH_CLIENT_FUNCTION } from '../search/options.ts';

const SEARCH_CLIENT_ENTRY = fileURLToPath(new URL('../search/browser.ts', import.meta.url));
const MATCH_CLIENT_ENTRY = fileURLToPath(new URL('../match/browser.ts', import.meta.url));
const COMPARE_CLIENT_ENTRY = fileURLToPath(new URL('../view/compare-browser.ts', import.meta.url));
const MATCH_WORKER_ENTRY = fileURLToPath(new URL('../match/worker.ts', import.meta.url));

/**
 * The text of `search/search.js`, the search page's client and its worker in one script
 * (src/search/browser.ts), wrapped in a named function whose source the page can hand to a blob:
 * URL: from file://, neither the script's own file nor fetch() can start the worker.
 */
export async function bundleSearchClient(): Promise<Uint8Array> {
  const bundle = new TextDecoder().decode(await bundleScript(SEARCH_CLIENT_ENTRY));
  const name = SEARCH_CLIENT_FUNCTION;
  return new TextEncoder().encode(`function ${name}(){${bundle}}${name}();\n`);
}

/**
 * The text of `match/match.js`, the list matcher's client, with the matching worker's bundle in it
 * as a string: Chromium refuses a worker's own file from file://, and the page starts it from a
 * blob: URL instead (src/match/browser.ts).
 */
export async function bundleMatchClient(): Promise<Uint8Array> {
  const worker = new TextDecoder().decode(await bundleScript(MATCH_WORKER_ENTRY));
  return bundleScript(MATCH_CLIENT_ENTRY, { MATCH_WORKER_SOURCE: JSON.stringify(worker) });
}

/** The text of `compare/compare.js`: compare.html's client, and the choosing on other pages. */
export function bundleCompareClient(): Promise<Uint8Array> {
  return bundleScript(COMPARE_CLIENT_ENTRY);
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
