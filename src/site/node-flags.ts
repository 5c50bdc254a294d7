// V8 sizes the young generation by the machine's memory: on a machine of 24 GiB each of its
// semi-spaces may grow to 64 MB, and the site's render, which makes each page's strings and drops
// them at once, kept 128 MB of them between collections. With semi-spaces of at most 8 MB the
// site's render of 35,000 organisations peaked at 0.80–0.85 GiB against 0.98–1.01 GiB, for the
// same CPU (docs/performance.md, "Memory"). The flag must be given when Node starts: package.json's `site`
// and `build` scripts give it, and so do the processes the benchmark starts.

/** The Node flags of every process that renders the site (not of the search index's, which has its own). */
export const SITE_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8'];
