// The site's Astro settings. Pages are `name.html` files with relative links (see src/lib/urls.ts),
// the styles are one shared file, site.css (src/pages/site.css.ts), linked relatively, and no
// module script is emitted: the output opens from file://.
import { defineConfig } from 'astro/config';

export default defineConfig({
  outDir: process.env.ORGDIR_SITE_DIR ?? 'dist',
  build: {
    format: 'file',
    // A component's own <style> would otherwise become a /_astro/ link, absolute and so broken
    // from file://; the site keeps its styles in site.css and has none.
    inlineStylesheets: 'always',
    // Each page waits on libuv's thread pool several times (a SHA-256 for every inline style and
    // script of its Content-Security-Policy, then the file's write); with a few pages in flight
    // those waits overlap instead of idling the one thread that renders.
    concurrency: 4,
  },
  trailingSlash: 'ignore',
  devToolbar: { enabled: false },
  compressHTML: true,
  // No Markdown is rendered; Shiki's inline styles would need 'unsafe-inline' under the policy below.
  markdown: { syntaxHighlight: false },
  security: {
    // Every page gets a <meta> Content-Security-Policy: styles and scripts by their sha256 hash
    // (Astro adds those of the inlined styles) or from the site's own files ('self', which Chromium
    // also applies to file:// pages: the search client and its index parts load under it), nothing
    // from another origin, no inline handlers, no eval. A <meta> policy cannot carry
    // frame-ancestors or report-uri; a host that can send headers may add them.
    csp: {
      directives: ["default-src 'none'", "img-src 'self' data:", "base-uri 'none'", "form-action 'self'"],
      scriptDirective: { resources: ["'self'"] },
      styleDirective: { resources: ["'self'"] },
    },
  },
});
