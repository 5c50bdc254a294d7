// V8 sizes the young generation by the machine's memory: on a machine of 24 GiB each of its
// semi-spaces may grow to 64 MB, and the site's render, which makes each page's strings and drops
// them at once, kept 128 MB of them between collections. With semi-spaces of at most 8 MB the
// site's render of 35,000 organisations peaked at 0.80–0.85 GiB against 0.98–1.01 GiB, for the
// same CPU (docs/performance.md, "Memory"). The flags must be given when Node starts: package.json's `site`
// and `build` scripts give them, and so do the processes the benchmark starts.
//
// `--expose-gc` lets the build hand back, at one chosen moment, the memory its reading of the
// register left behind (`releaseMemory`): V8 keeps the heap it grew until it judges the process
// idle, and a build of 100,000 organisations waiting for its search index gave it back 77–90 s
// late, or not before the index was done.

/** The Node flags of every process that renders the site (not of the search index's, which has its own). */
export const SITE_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8', '--expose-gc'];

/** V8's collector, a global where Node was started with `--expose-gc`. */
declare const gc:
  ((options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void) | undefined;

/**
 * Collects every unreachable object and hands the emptied heap back to the system, when Node was
 * started with the site's flags; in a process started without them (a test's), does nothing.
 */
export function releaseMemory(): void {
  // V8's collection for memory pressure: full collections until nothing more is freed, each
  // shrinking the heap, where a plain one keeps the pages it emptied for later use.
  if (typeof gc === 'function') gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
