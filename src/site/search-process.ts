// The search step in a process of its own. Building the index takes more memory than any other
// step (some 600 MB at 30,000 organisations); a child process hands all of it back when it ends,
// where in the build's own process the heap it grew would stay and add to Astro's (together
// 1.4 GB at 30,000). The child reads the search documents the build wrote (never the records
// again) and answers with the index summary.
import { fork } from 'node:child_process';
import { writeSiteSearchIndex } from '../search/build/site-index.ts';
import type { SearchIndexSummary } from '../search/build/write-parts.ts';

/**
 * The index process's heap limit: the budget the index build was made to fit at 100,000
 * organisations, where 512 MB stopped it for want of memory (docs/performance.md, "Memory").
 */
const SEARCH_HEAP_MB = 640;

/** The index process's largest semi-space, in MB. */
const SEARCH_SEMI_SPACE_MB = 32;

type Answer = { ok: true; summary: SearchIndexSummary } | { ok: false; error: string };

/** Writes the site's search index under `siteDir/search/` from a child process. */
export function writeSearchIndexInChild(documentsFile: string, siteDir: string): Promise<SearchIndexSummary> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL(import.meta.url), [documentsFile, siteDir], {
      // Only the flags the child needs, never the parent's: Node runs this .ts file as it is, and
      // the parent's flags belong to whatever started the build. The heap cap keeps the garbage
      // collector from letting the heap grow far past what is live: at 100,000 organisations the
      // process reached 0.9–1.0 GB under a cap of 1 GB, 0.8 GB under this one, for some 20% more
      // CPU (docs/performance.md, "Memory").
      // Not the site's semi-spaces of 8 MB: under this heap cap they made the index three times
      // slower at 100,000 organisations (94 s against 33 s). Semi-spaces of 32 MB, against V8's
      // 64 MB on these machines, took some 70 MB less for about the same CPU (docs/performance.md,
      // "Memory").
      execArgv: [`--max-old-space-size=${SEARCH_HEAP_MB}`, `--max-semi-space-size=${SEARCH_SEMI_SPACE_MB}`],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let answer: Answer | undefined;
    child.once('message', (message) => {
      answer = message as Answer;
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (answer?.ok === true) resolve(answer.summary);
      else if (answer?.ok === false) reject(new Error(answer.error));
      else
        reject(
          new Error(`the search index process ended (${signal ?? `exit code ${code}`}) without an answer`),
        );
    });
  });
}

if (import.meta.main) {
  const [documentsFile, siteDir] = process.argv.slice(2);
  const send = (answer: Answer) => process.send!(answer, () => process.disconnect());
  writeSiteSearchIndex(documentsFile!, siteDir!).then(
    (summary) => send({ ok: true, summary }),
    (error: unknown) =>
      send({ ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
}
