// Loads the index files in Node exactly as a browser would run them: each file is a script that
// calls the global registration function with its part's JSON text, which is parsed here as the
// search worker parses it. Used by the tests and the benchmark to run the browser's query engine
// over a built site.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import type { PartLoader } from '../../src/search/browser/index-parts.ts';
import { INDEX_PART_FUNCTION } from '../../src/search/format/options.ts';

export interface LoadedPart {
  name: string;
  bytes: number;
}

/** A loader over `<siteDir>/search/`; `onLoad` hears of every file read, with its size. */
export function nodePartLoader(searchDir: string, onLoad?: (part: LoadedPart) => void): PartLoader {
  let build: string | undefined;
  return async (name) => {
    const script = await readFile(join(searchDir, `${name}.js`), 'utf8');
    onLoad?.({ name, bytes: Buffer.byteLength(script) });
    let delivered: { name: string; build: string; text: unknown } | undefined;
    runInNewContext(script, {
      [INDEX_PART_FUNCTION]: (partName: string, partBuild: string, text: unknown) => {
        delivered = { name: partName, build: partBuild, text };
      },
    });
    if (!delivered || delivered.name !== name || typeof delivered.text !== 'string')
      throw new Error(`search index file ${name}.js did not deliver its part`);
    if (name === 'core') build = delivered.build;
    else if (build !== undefined && delivered.build !== build) {
      throw new Error(`search index file ${name}.js belongs to another build of the index`);
    }
    return JSON.parse(delivered.text) as unknown;
  };
}
