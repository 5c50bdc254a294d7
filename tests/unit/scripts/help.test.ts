// Each command's --help is generated from its schemas: every setting a command reads is listed
// there, with its flag or variable and its description, so no option can go undocumented.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { z } from 'zod';
import { runChild } from '../../support/child-process.ts';
import {
  BUILD_COMMAND_LINE,
  EDITIONS_COMMAND_LINE,
  SITE_COMMAND_LINE,
  VERIFY_COMMAND_LINE,
} from '../../../src/config.ts';
import { CRAWL_COMMAND_LINE } from '../../../src/crawl/options.ts';
import { BUILD_CRAWL_COMMAND_LINE } from '../../../src/crawl/command-line.ts';
import { documentedFields } from '../../../src/lib/command-line.ts';
import { BENCH_COMMAND_LINE } from '../../bench/command-line.ts';
import {
  SAMPLE_API_COMMAND_LINE,
  SAMPLE_API_DEGRADATIONS,
  SAMPLE_API_FAULTS,
} from '../../../src/sample-api/command-line.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');

const COMMANDS: [string, z.ZodObject[]][] = [
  ['crawl.ts', [CRAWL_COMMAND_LINE]],
  ['site.ts', [SITE_COMMAND_LINE]],
  ['build.ts', [BUILD_COMMAND_LINE, BUILD_CRAWL_COMMAND_LINE]],
  ['editions.ts', [EDITIONS_COMMAND_LINE]],
  ['verify.ts', [VERIFY_COMMAND_LINE]],
  ['sample-api.ts', [SAMPLE_API_COMMAND_LINE, SAMPLE_API_FAULTS, SAMPLE_API_DEGRADATIONS]],
  ['bench.ts', [BENCH_COMMAND_LINE]],
];

const oneLine = (text: string) => text.replace(/\s+/g, ' ');

for (const [script, schemas] of COMMANDS) {
  test(`${script} --help lists every setting of its schemas with its flag or variable and description`, async (t) => {
    const { code, stdout } = await runChild(t, process.execPath, [join(ROOT, 'scripts', script), '--help'], {
      cwd: ROOT,
      env: { PATH: process.env['PATH'] ?? '' },
    });
    assert.equal(code, 0);
    const help = oneLine(stdout);
    for (const schema of schemas) {
      const fields = documentedFields(schema);
      assert.deepEqual(
        fields.map((field) => field.key),
        Object.keys(schema.shape),
        'every setting has its documentation',
      );
      for (const { key, doc } of fields) {
        const name = doc.flag === undefined ? doc.env : `--${doc.flag}`;
        assert.ok(name !== undefined, key);
        assert.match(stdout, new RegExp(`^  ${name}\\b`, 'm'), `${script}: ${key}`);
        assert.ok(help.includes(oneLine(doc.description)), `${script}: the description of ${name}`);
      }
    }
  });
}
