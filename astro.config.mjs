import { defineConfig } from 'astro/config';
export default defineConfig({
  outDir: process.env.ORGDIR_SITE_DIR ?? 'dist',
  build: { format: 'file', inlineStylesheets: 'always' },
  trailingSlash: 'ignore',
});
