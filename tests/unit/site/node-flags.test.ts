// The flags the site's processes run with are those `npm run site` and `npm run build` give Node,
// so that what the benchmark measures is what a publisher runs.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { SITE_NODE_FLAGS } from '../../../src/site/node-flags.ts';
import { runChild } from '../../support/child-process.ts';
import { writeSampleDataFolder } from '../../support/sample-data-folder.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const TEMP = mkdtempSync(join(tmpdir(), 'orgdir-node-flags-tests-'));
after(() => rmSync(TEMP, { recursive: true, force: true }));

const scripts = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

test('npm run site and npm run build start Node with the site flags, before the script', () => {
  assert.ok(SITE_NODE_FLAGS.length > 0);
  for (const name of ['site', 'build']) {
    const words = scripts[name]!.split(/\s+/);
    assert.equal(words[0], 'node', name);
    const script = words.findIndex((word) => word.startsWith('scripts/'));
    assert.deepEqual(words.slice(1, script), [...SITE_NODE_FLAGS], name);
  }
});

/**
 * Loaded before the site's script (`node --import`): says on stderr each time the build hands its
 * memory back through V8's collector, which only the flags of `npm run site` expose.
 */
const GC_WATCH = `data:text/javascript,${encodeURIComponent(
  "const collect = globalThis.gc; if (typeof collect === 'function') globalThis.gc = (options) => { process.stderr.write('memory handed back\\n'); return collect(options); };",
)}`;

test('npm run site, run as package.json runs it, builds the site and hands its memory back', async (t) => {
  const data = join(TEMP, 'data');
  writeSampleDataFolder(data, { seed: 'node-flags', orgs: 40 });
  // The words of the `site` script after `node`: its flags, then the script.
  const [, ...words] = scripts['site']!.split(/\s+/);
  const script = words.findIndex((word) => word.startsWith('scripts/'));
  const args = [...words.slice(0, script), `--import=${GC_WATCH}`, join(ROOT, words[script]!)];
  const result = await runChild(t, process.execPath, args, {
    cwd: TEMP,
    env: {
      PATH: process.env['PATH'] ?? '',
      ASTRO_TELEMETRY_DISABLED: '1',
      ORGDIR_DATA_DIR: data,
      ORGDIR_SITE_DIR: join(TEMP, 'dist'),
      ORGDIR_EDITIONS_DIR: join(TEMP, 'editions'),
    },
  });
  assert.equal(result.code, 0, result.stderr);
  assert.ok(existsSync(join(TEMP, 'dist', 'index.html')));
  assert.match(result.stderr, /^memory handed back$/m);
});
