// Bundles a browser client (the search page's, with MiniSearch; the list matcher's) into one
// classic script: an IIFE, because module scripts do not load from file://
// (https://github.com/withastro/astro/issues/12288), and ASCII, so that no host's charset can
// break it.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { MATCH_CLIENT_FUNCTION } from '../match/protocol.ts';
import { SEARCH_CLIENT_FUNCTION } from '../search/format/options.ts';

const SEARCH_CLIENT_ENTRY = fileURLToPath(new URL('../search/browser/page.ts', import.meta.url));
const MATCH_CLIENT_ENTRY = fileURLToPath(new URL('../match/browser.ts', import.meta.url));
const PERMALINK_CLIENT_ENTRY = fileURLToPath(new URL('../view/browser/permalink.ts', import.meta.url));
const COMPARE_CLIENT_ENTRY = fileURLToPath(new URL('../view/compare-browser.ts', import.meta.url));

/** The text of `search/search.js`, the search page's client and its worker in one script (src/search/browser/page.ts). */
export function bundleSearchClient(): Promise<Uint8Array> {
  return bundleClient(SEARCH_CLIENT_ENTRY, SEARCH_CLIENT_FUNCTION);
}

/** The text of `match/match.js`, the list matcher's client and its worker in one script (src/match/browser.ts). */
export function bundleMatchClient(): Promise<Uint8Array> {
  return bundleClient(MATCH_CLIENT_ENTRY, MATCH_CLIENT_FUNCTION);
}

/** The client of every organisation page's permalinks and citations (src/view/browser/permalink.ts). */
export function bundlePermalinkClient(): Promise<Uint8Array> {
  return bundleScript(PERMALINK_CLIENT_ENTRY);
}

/**
 * A client wrapped in a global function named `wrapper` and called: from file://, where neither
 * the script's own file nor fetch() can start a worker, the page starts its worker from a blob:
 * URL made of that function's source (src/lib/client-worker.ts).
 */
async function bundleClient(entry: string, wrapper: string): Promise<Uint8Array> {
  const bundle = new TextDecoder().decode(await bundleScript(entry));
  return new TextEncoder().encode(`function ${wrapper}(){${bundle}}${wrapper}();\n`);
}

/** The text of `compare/compare.js`: compare.html's client, and the choosing on other pages. */
export function bundleCompareClient(): Promise<Uint8Array> {
  return bundleScript(COMPARE_CLIENT_ENTRY);
}

/** The text of one classic script bundling `entry` (a path) and what it imports. */
async function bundleScript(entry: string): Promise<Uint8Array> {
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
  });
  return result.outputFiles[0]!.contents;
}
