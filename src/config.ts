// Where the stages read and write, from the environment (README: "Configuration").
import { resolve } from 'node:path';

/** The crawler's output and the site's input: `ORGDIR_DATA_DIR`, default `data`. */
export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env['ORGDIR_DATA_DIR'] || 'data');
}

/** Where the static site is written: `ORGDIR_SITE_DIR`, default `dist`. */
export function siteDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env['ORGDIR_SITE_DIR'] || 'dist');
}
