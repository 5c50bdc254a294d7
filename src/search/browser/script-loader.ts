// The index's parts as the page loads them: classic scripts inserted next to search.js, since
// module scripts and fetch() fail from file://. Each script hands its part's JSON text to the
// global registration function; the page passes it on to the worker.
import { INDEX_PART_FUNCTION } from '../format/options.ts';
import type { DeliveredPart } from '../format/part-script.ts';
import { partName, type CorePart } from '../format/parts.ts';
import { parseSearchBoxQuery } from '../format/query.ts';
import { ShardTable } from '../format/shards.ts';

/** What an index file calls with its part's JSON text (`INDEX_PART_FUNCTION`). */
type DeliverPart = (name: string, build: string, text: unknown) => void;

/** Loads a part of the index by name and resolves to what its file delivered. */
export type TextLoader = (name: string) => Promise<DeliveredPart>;

/**
 * Loads parts by inserting `<script src>` elements next to this script's own file. A part the
 * page itself includes after this script (the core, fetched in parallel with it) delivers
 * its part unasked and is kept until it is asked for, and so does a part loaded ahead
 * (`preload`); one asked for while it is still loading is not loaded twice. `onCore` hears of
 * the core's text when its script has run.
 */
export function scriptLoader(
  base: URL,
  onCore?: (text: string) => void,
): { load: TextLoader; preload: (name: string) => void } {
  const waiting = new Map<
    string,
    { resolve: (part: DeliveredPart) => void; reject: (error: Error) => void }
  >();
  const arrived = new Map<string, { build: string; text: unknown }>();
  /** Parts whose script is in the page and has not run yet. */
  const loading = new Set<string>();
  let build: string | undefined;
  const settle = (name: string, partBuild: string, text: unknown) => {
    const pending = waiting.get(name)!;
    waiting.delete(name);
    if (name === 'core') build = partBuild;
    if ((build !== undefined && partBuild !== build) || typeof text !== 'string') {
      pending.reject(new Error('the search index changed while this page was open; reload the page'));
    } else {
      pending.resolve({ name, build: partBuild, text });
    }
  };
  const deliverPart: DeliverPart = (name, partBuild, text) => {
    if (waiting.has(name)) settle(name, partBuild, text);
    else arrived.set(name, { build: partBuild, text });
    if (name === 'core' && typeof text === 'string') onCore?.(text);
  };
  (window as unknown as Record<string, DeliverPart>)[INDEX_PART_FUNCTION] = deliverPart;
  const insert = (name: string): void => {
    loading.add(name);
    const script = document.createElement('script');
    script.src = new URL(`${name}.js`, base).href;
    script.addEventListener('load', () => {
      script.remove();
      loading.delete(name);
      // A script that ran without delivering its part is not one of ours.
      if (waiting.has(name)) {
        waiting.get(name)!.reject(new Error(`search index file ${name}.js did not deliver its part`));
        waiting.delete(name);
      }
    });
    script.addEventListener('error', () => {
      script.remove();
      loading.delete(name);
      waiting.get(name)?.reject(new Error(`search index file ${name}.js could not be loaded`));
      waiting.delete(name);
    });
    document.head.append(script);
  };
  const load: TextLoader = (name) =>
    new Promise((resolve, reject) => {
      waiting.set(name, { resolve, reject });
      const early = arrived.get(name);
      if (early) {
        arrived.delete(name);
        settle(name, early.build, early.text);
      } else if (!loading.has(name)) {
        insert(name);
      }
    });
  const preload = (name: string): void => {
    if (!waiting.has(name) && !arrived.has(name) && !loading.has(name)) insert(name);
  };
  return { load, preload };
}

/**
 * The terms files a query needs first, by the core's table of shards: read by the page while the
 * worker starts, so that they have arrived when the worker asks for them.
 */
export function firstParts(coreText: string, query: string): string[] {
  const core = JSON.parse(coreText) as CorePart;
  const table = ShardTable.decode(core);
  const { words, phrases } = parseSearchBoxQuery(query);
  const keys = [
    ...words.flatMap((word) => table.keysFor(word.word, word.prefix)),
    ...phrases.flat().map((word) => table.keyOf(word)),
  ];
  const files = new Set(keys.flatMap((key) => table.files.get(key)?.[0] ?? []));
  return [...files].map((file) => partName.terms(file));
}
