// Run once before the first browser test file and once after the last (`--test-global-setup`):
// names Node's compile cache for the files (../support/compile-cache.ts), builds what several
// files share and none changes (../support/shared-sites.ts,
// ../support/shared-nights.ts) and removes it at the end.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildRoot, buildSharedNights } from '../support/shared-nights.ts';
import { buildSharedSites } from '../support/shared-sites.ts';
import { useCompileCache } from '../support/compile-cache.ts';

process.env['ASTRO_TELEMETRY_DISABLED'] = '1';

const sites = mkdtempSync(join(tmpdir(), 'orgdir-shared-sites-'));
const nights = buildRoot('orgdir-shared-nights-');

export async function globalSetup(): Promise<void> {
  useCompileCache();
  // The nights are builds in child processes, the sites builds in this one: side by side, they
  // keep both cores busy before the first file starts.
  await Promise.all([buildSharedSites(sites), buildSharedNights(nights)]);
}

export function globalTeardown(): void {
  rmSync(sites, { recursive: true, force: true });
  rmSync(nights, { recursive: true, force: true });
}
