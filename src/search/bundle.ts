// Bundles the browser client and MiniSearch into one classic script: an IIFE, because module
// scripts do not load from file:// (https://github.com/withastro/astro/issues/12288), and ASCII,
// so that no host's charset can break it.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ENTRY = fileURLToPath(new URL('./browser.ts', import.meta.url));

/** The text of `search.js`. */
export async function bundleClient(): Promise<Uint8Array> {
  const result = await build({
    entryPoints: [ENTRY],
    outfile: 'search.js',
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
