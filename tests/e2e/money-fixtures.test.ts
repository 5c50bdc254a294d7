// Follow the money on the test fixtures: every funder has its page with exactly the organisations
// that name it and their exact total, every regulator its organisations, every county its income
// total, and organisation pages link both ways (tests/support/money-checks.ts).
import { after, before, describe } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSite } from '../../src/site/build.ts';
import { checkMoneyPages } from '../support/money-checks.ts';

process.env['ASTRO_TELEMETRY_DISABLED'] = '1';
const FIXTURE = fileURLToPath(new URL('../fixtures/data/', import.meta.url));

describe('on the test fixtures', () => {
  let work: string;
  let site: string;
  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'orgdir-money-'));
    site = join(work, 'site');
    await buildSite({ dataDir: FIXTURE, siteDir: site, tarGz: false, logLevel: 'error' });
  });
  after(() => rmSync(work, { recursive: true, force: true }));
  checkMoneyPages(
    'fixtures',
    () => FIXTURE,
    () => site,
  );
});
