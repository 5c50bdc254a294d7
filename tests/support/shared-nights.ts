// Three nights of `npm run build` in one place, against the sample API at its editions 1, 2 and 3,
// shared by the browser test files that read what nights leave behind (an organisation gone, a
// permanent address, finances over several years) and change none of it. As with the shared sites
// (./shared-sites.ts), `npm run test:e2e` builds them once before the first file; a file run alone
// builds them into a folder of its own.
//
// One organisation's financial summaries are written here by hand, a year of accounts a night over
// three financial years, the second night restating the year before (finances-over-time.test.ts
// checks them); the rest of the register is the sample's own.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateDataset, type SampleDataset } from '../../src/sample-api/dataset.ts';
import { startSampleApi } from '../../src/sample-api/server.ts';
import { buildIn, placeUnder, PROJECT, type Place } from './build-place.ts';

/** The register's size on every night. */
export const NIGHTS_ORGS = 200;

/** An organisation no night of the sample register changes, so that its summaries are only those below. */
export const TRACKED = (() => {
  const changed = new Set(
    [2, 3].flatMap((edition) =>
      generateDataset({ orgs: NIGHTS_ORGS, edition }).changes.map((change) => change.id),
    ),
  );
  return generateDataset({ orgs: NIGHTS_ORGS })
    .registeredCharities.find((member) => !changed.has(member.id))!
    .id.toLowerCase();
})();

/**
 * The tracked organisation's financial summary, night by night: 2021 and 2020, then 2022 with
 * 2021 restated (income 1,250,000 became 1,275,000), then 2023 with 2022 as reported before.
 */
export const TRACKED_SUMMARIES: Record<number, Record<string, number>> = {
  1: {
    currentYear: 2021,
    currentIncome: 1_250_000,
    currentExpenditure: -1_100_000,
    currentGrants: 300_000,
    currentNetAssets: 900_000,
    prevIncome: 1_000_000,
    prevExpenditure: -950_000,
    prevGrants: 250_000,
    prevNetAssets: 750_000,
  },
  2: {
    currentYear: 2022,
    currentIncome: 1_400_000,
    currentExpenditure: -1_300_000,
    currentGrants: 320_000,
    currentNetAssets: 1_000_000,
    prevIncome: 1_275_000,
    prevExpenditure: -1_100_000,
    prevGrants: 300_000,
    prevNetAssets: 900_000,
  },
  3: {
    currentYear: 2023,
    currentIncome: 1_600_000,
    currentExpenditure: -1_450_000,
    currentGrants: 350_000,
    currentNetAssets: 1_150_000,
    prevIncome: 1_400_000,
    prevExpenditure: -1_300_000,
    prevGrants: 320_000,
    prevNetAssets: 1_000_000,
  },
};

/** The sample register of a night, the tracked organisation's summary replaced by that night's above. */
function nightRegister(edition: number): SampleDataset {
  const dataset = generateDataset({ orgs: NIGHTS_ORGS, edition });
  return {
    ...dataset,
    organisation(id) {
      const record = dataset.organisation(id);
      if (record === undefined || id.toLowerCase() !== TRACKED) return record;
      return { ...record, financialSummary: TRACKED_SUMMARIES[dataset.edition] };
    },
  };
}

/** The place as each night left it: `[0]` after the first night, `[2]` after the third. */
export type Nights = [Place, Place, Place];

const SHARED_NIGHTS_VARIABLE = 'ORGDIR_TEST_NIGHTS';
const BUILT = '.built';

function nightsUnder(root: string): Nights {
  return [placeUnder(root, 'night-1'), placeUnder(root, 'night-2'), placeUnder(root, 'night-3')];
}

/**
 * Builds the three nights under `root`, which must hold a link to the project's `node_modules`
 * (the site's build resolves packages beside its folder): one place built night after night, a
 * copy of it kept after each. Builds still running end when `owner` does.
 */
async function buildNights(
  root: string,
  owner: { after: (done: () => Promise<void>) => void },
): Promise<Nights> {
  const place = placeUnder(root, 'nights');
  const nights = nightsUnder(root);
  for (const [index, night] of nights.entries()) {
    const api = await startSampleApi({ dataset: nightRegister(index + 1) });
    try {
      const build = await buildIn(owner, place, api);
      assert.equal(build.code, 0, `night ${index + 1}: ${build.stderr}`);
    } finally {
      await api.close();
    }
    cpSync(place.dir, night.dir, { recursive: true, verbatimSymlinks: true });
  }
  writeFileSync(join(root, BUILT), '');
  return nights;
}

/** A folder for builds: `node_modules` linked in. */
export function buildRoot(prefix: string): string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  symlinkSync(join(PROJECT, 'node_modules'), join(root, 'node_modules'));
  return root;
}

/** Builds the three nights under `root`, children still running ended once they are built. */
async function buildAll(root: string): Promise<Nights> {
  const children: (() => Promise<void>)[] = [];
  try {
    return await buildNights(root, { after: (done) => children.push(done) });
  } finally {
    for (const done of children) await done();
  }
}

/** Builds the shared nights under `root` (see buildRoot) and names it for the files that follow. */
export async function buildSharedNights(root: string): Promise<void> {
  await buildAll(root);
  process.env[SHARED_NIGHTS_VARIABLE] = root;
}

/**
 * The shared nights: the run's, when the run built them; else built now into a folder of their
 * own, removed when the process ends (a test file's process, when it is run alone).
 */
export async function sharedNights(): Promise<Nights> {
  const shared = process.env[SHARED_NIGHTS_VARIABLE];
  if (shared !== undefined && existsSync(join(shared, BUILT))) return nightsUnder(shared);
  const root = buildRoot('orgdir-nights-');
  process.once('exit', () => rmSync(root, { recursive: true, force: true }));
  return buildAll(root);
}
