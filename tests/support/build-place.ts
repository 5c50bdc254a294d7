// A place for `npm run build` to work in: its own data, site and editions folders under one
// folder, and the build run there as a child process against a sample API, as a publisher runs it.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDataset, type SampleDataset } from '../../src/sample-api/dataset.ts';
import { startSampleApi, type RunningSampleApi } from '../../src/sample-api/server.ts';
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

/**
 * A folder for two or more nights of builds, `node_modules` linked in (the site's build resolves
 * packages beside the site folder), and sample APIs of `orgs` organisations at any edition (as
 * `adjust` changes it, when given): all closed and removed once the tests are done (`after`).
 */
export function nightlyBuilds(
  prefix: string,
  orgs: number,
  after: (done: () => Promise<void>) => void,
  adjust: (dataset: SampleDataset) => SampleDataset = (dataset) => dataset,
): { root: string; api: (edition: number) => Promise<RunningSampleApi> } {
  const root = mkdtempSync(join(tmpdir(), prefix));
  symlinkSync(join(PROJECT, 'node_modules'), join(root, 'node_modules'));
  const servers: RunningSampleApi[] = [];
  after(async () => {
    await Promise.all(servers.map((server) => server.close()));
    rmSync(root, { recursive: true, force: true });
  });
  return {
    root,
    api: async (edition) => {
      const server = await startSampleApi({ dataset: adjust(generateDataset({ orgs, edition })) });
      servers.push(server);
      return server;
    },
  };
}

/** Each organisation's record of a night, by id in lower case, as the crawl stored it in `at`. */
export function storedRecords(at: Place): Map<string, Record<string, unknown>> {
  const folder = join(at.data, 'organisations');
  return new Map(
    readdirSync(folder)
      .filter((name) => name.endsWith('.json'))
      .map((name) => [name.slice(0, -5).toLowerCase(), JSON.parse(readFileSync(join(folder, name), 'utf8'))]),
  );
}
