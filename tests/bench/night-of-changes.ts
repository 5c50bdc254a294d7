// A night of many changes, for the audit of the changes pages: `npm run build` run twice as a
// publisher runs it, against the sample API at a first edition and at one many editions on, so
// that the second night publishes some 1,500 changes. A changes page's weight is that of the
// night's changes, not of the register's size, so a small register makes the night quickly.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EditionStore } from '../../src/editions/store.ts';
import { generateDataset } from '../../src/sample-api/dataset.ts';
import { startSampleApi, type RunningSampleApi } from '../../src/sample-api/server.ts';
import { SITE_NODE_FLAGS } from '../../src/site/node-flags.ts';

const PROJECT = fileURLToPath(new URL('../../', import.meta.url));

/** The register of the two nights. */
const NIGHT_ORGANISATIONS = 2500;
/** Each edition of the sample register changes 6% of it: 24 editions on, some 1,500 of 2,500 records differ. */
const EDITIONS_APART = 24;

export interface NightOfChanges {
  /** The second night's site. */
  siteDir: string;
  /** What the second night published as changed, as its edition records it. */
  changes: { added: number; removed: number; changed: number };
}

/** Runs `npm run build` in `folder` against `api`; rejects with its errors when it fails. */
function build(folder: string, api: RunningSampleApi, args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...SITE_NODE_FLAGS, join(PROJECT, 'scripts/build.ts'), '--rate', '0', '--progress', 'none', ...args],
      {
        cwd: folder,
        stdio: ['ignore', 'ignore', 'pipe'],
        env: {
          PATH: process.env['PATH'] ?? '',
          ORGDIR_API_URL: api.baseUrl,
          ORGDIR_API_KEY: api.key,
          ORGDIR_DATA_DIR: join(folder, 'data'),
          ORGDIR_SITE_DIR: join(folder, 'dist'),
          ORGDIR_EDITIONS_DIR: join(folder, 'editions'),
          ASTRO_TELEMETRY_DISABLED: '1',
        },
      },
    );
    let errors = '';
    child.stderr.setEncoding('utf8').on('data', (text: string) => (errors += text));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`npm run build exited ${code}: ${errors.slice(-2000)}`)),
    );
  });
}

async function buildAgainst(folder: string, edition: number, args: readonly string[] = []): Promise<void> {
  const api = await startSampleApi({ dataset: generateDataset({ orgs: NIGHT_ORGANISATIONS, edition }) });
  try {
    await build(folder, api, args);
  } finally {
    await api.close();
  }
}

/** Builds the two nights afresh in `folder` and returns the second's site. */
export async function buildNightOfChanges(folder: string): Promise<NightOfChanges> {
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  await buildAgainst(folder, 1);
  // A month of changes in one night is more than the publish guard lets through unasked.
  await buildAgainst(folder, 1 + EDITIONS_APART, ['--accept', 'a month of changes at once']);
  const { added, removed, changed } = new EditionStore(join(folder, 'editions')).latest()!.changes;
  return { siteDir: join(folder, 'dist'), changes: { added, removed, changed } };
}
