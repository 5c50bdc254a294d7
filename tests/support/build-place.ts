// A place for `npm run build` to work in: its own data, site and editions folders under one
// folder, and the build run there as a child process against a sample API, as a publisher runs it.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunningSampleApi } from '../../src/sample-api/server.ts';
import { runChild, type ChildOwner } from './child-process.ts';

export const PROJECT = fileURLToPath(new URL('../../', import.meta.url));

export interface Place {
  dir: string;
  data: string;
  site: string;
  editions: string;
}

/** The folder `name` under `root`, made, with the build's three folders in it. */
export function placeUnder(root: string, name: string): Place {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  return { dir, data: join(dir, 'data'), site: join(dir, 'dist'), editions: join(dir, 'editions') };
}

/** Runs `npm run build` in `at` against `server`; the build ends at the latest when `owner` does. */
export function buildIn(
  owner: ChildOwner,
  at: Place,
  server: RunningSampleApi,
  args: string[] = [],
  nodeFlags: string[] = [],
) {
  return runChild(
    owner,
    process.execPath,
    [
      ...nodeFlags,
      join(PROJECT, 'scripts/build.ts'),
      '--rate',
      '0',
      '--concurrency',
      '8',
      '--progress',
      'none',
      ...args,
    ],
    {
      cwd: at.dir,
      env: {
        PATH: process.env['PATH'] ?? '',
        ORGDIR_API_URL: server.baseUrl,
        ORGDIR_API_KEY: server.key,
        ORGDIR_DATA_DIR: at.data,
        ORGDIR_SITE_DIR: at.site,
        ORGDIR_EDITIONS_DIR: at.editions,
        ASTRO_TELEMETRY_DISABLED: '1',
      },
    },
  );
}
