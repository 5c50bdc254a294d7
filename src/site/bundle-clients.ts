// Bundles a browser client (the search page's, with MiniSearch; the list matcher's) into one
// classic script: an IIFE, because module scripts do not load from file://
// (https://github.com/withastro/astro/issues/12288), and ASCII, so that no host's charset can
// break it.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const SEARCH_CLIENT_ENTRY = fileURLToPath(new URL('../search/browser.ts', import.meta.url));

/** The text of `search/search.js`, the search page's client. */
export function bundleSearchClient(): Promise<Uint8Array> {
  return bundleScript(SEARCH_CLIENT_ENTRY);
}

/** The text of one classic script bundling `entry` (a path) and what it imports. */
export async function bundleScript(entry: string): Promise<Uint8Array> {
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
