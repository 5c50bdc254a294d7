// Run once before the first browser test file and once after the last (`--test-global-setup`):
// builds the sites several files share (../support/shared-sites.ts) and removes them at the end.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSharedSites } from '../support/shared-sites.ts';

process.env['ASTRO_TELEMETRY_DISABLED'] = '1';

const root = mkdtempSync(join(tmpdir(), 'orgdir-shared-sites-'));

export async function globalSetup(): Promise<void> {
  await buildSharedSites(root);
}

export function globalTeardown(): void {
  rmSync(root, { recursive: true, force: true });
}
