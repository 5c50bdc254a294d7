// Run once before the first browser test file and once after the last (`--test-global-setup`):
// builds what several files share and none changes (../support/shared-sites.ts,
// ../support/shared-nights.ts) and removes it at the end.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildRoot, buildSharedNights } from '../support/shared-nights.ts';
import { buildSharedSites } from '../support/shared-sites.ts';

process.env['ASTRO_TELEMETRY_DISABLED'] = '1';

const sites = mkdtempSync(join(tmpdir(), 'orgdir-shared-sites-'));
const nights = buildRoot('orgdir-shared-nights-');

export async function globalSetup(): Promise<void> {
  await buildSharedSites(sites);
  await buildSharedNights(nights);
}

export function globalTeardown(): void {
  rmSync(sites, { recursive: true, force: true });
  rmSync(nights, { recursive: true, force: true });
}
