// The site's Astro settings. Pages are `name.html` files with relative links (see src/lib/urls.ts),
// styles are inlined, and no module script is emitted: the output opens from file://.
import { defineConfig } from 'astro/config';

export default defineConfig({
  outDir: process.env.ORGDIR_SITE_DIR ?? 'dist',
  build: { format: 'file', inlineStylesheets: 'always' },
  trailingSlash: 'ignore',
  devToolbar: { enabled: false },
  compressHTML: true,
});
