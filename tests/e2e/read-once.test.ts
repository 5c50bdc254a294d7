// `npm run site` opens each stored record once (docs/architecture.md: "One record model, read once"), counted
// from outside by strace over the whole process tree: the site's own reading, the search index
// process, and Astro's rendering of the pages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeSampleDataFolder } from '../support/sample-data-folder.ts';

const ROOT = join(import.meta.dirname, '..', '..');

function straceVersion(): string | undefined {
  const result = spawnSync('strace', ['-V'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.split('\n')[0] : undefined;
}

test('npm run site opens every record file once', () => {
  assert.ok(
    straceVersion(),
    'this check counts file opens with strace: install it (Debian: apt-get install strace)',
  );
  const work = mkdtempSync(join(tmpdir(), 'orgdir-read-once-'));
  try {
    const data = join(work, 'data');
    writeSampleDataFolder(data, { seed: 'read-once', orgs: 60 });
    const trace = join(work, 'trace');
    execFileSync(
      'strace',
      [
        '-f',
        '-e',
        'trace=openat',
        '-o',
        trace,
        process.execPath,
        join(ROOT, 'scripts', 'site.ts'),
        '--data',
        data,
        '--out',
        join(work, 'site'),
        '--no-tar-gz',
      ],
      { cwd: ROOT, stdio: 'pipe', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } },
    );
    const opens = new Map<string, number>();
    for (const line of readFileSync(trace, 'utf8').split('\n')) {
      const file = /"[^"]*\/organisations\/([0-9a-f-]+\.json)"/.exec(line)?.[1];
      if (file === undefined || !line.includes(`"${data}/`)) continue;
      opens.set(file, (opens.get(file) ?? 0) + 1);
    }
    const records = readdirSync(join(data, 'organisations')).sort();
    assert.equal(records.length, 60);
    assert.deepEqual(
      records.map((file) => [file, opens.get(file) ?? 0]),
      records.map((file) => [file, 1]),
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
