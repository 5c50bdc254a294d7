// The flags the site's processes run with are those `npm run site` and `npm run build` give Node,
// so that what the benchmark measures is what a publisher runs.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { SITE_NODE_FLAGS } from '../../../src/site/node-flags.ts';

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
