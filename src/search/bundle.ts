// Bundles the browser client and MiniSearch into one classic script: an IIFE, because module
// scripts do not load from file:// (PITFALLS), and ASCII, so that no host's charset can break it.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ENTRY = fileURLToPath(new URL('./browser.ts', import.meta.url));

/** Writes `search.js` to `outfile` and returns its size in bytes. */
export async function bundleClient(outfile: string): Promise<number> {
  const result = await build({
    entryPoints: [ENTRY],
    outfile,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    // Browsers since 2021: private class fields stay native instead of WeakMap look-ups.
    target: ['es2022'],
    minify: true,
    charset: 'ascii',
    legalComments: 'eof',
    metafile: true,
    logLevel: 'silent',
  });
  return Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
}
