import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeTemporaryFiles, writeAtomically, writeFileAtomic } from '../../../src/storage/atomic-file.ts';

/** Every folder the tests of this file make is inside this one, removed when they end. */
const TEMP = mkdtempSync(join(tmpdir(), 'orgdir-atomic-file-tests-'));
after(() => rmSync(TEMP, { recursive: true, force: true }));

function write(path: string, text: string): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
}

test('an atomic write leaves the whole file and no temporary file', async () => {
  const dir = mkdtempSync(join(TEMP, 'orgdir-atomic-'));
  const path = join(dir, 'record.json');
  await writeFileAtomic(path, '{"a":1}');
  await writeFileAtomic(path, Buffer.from('{"a":2}'));
  assert.equal(readFileSync(path, 'utf8'), '{"a":2}');
  assert.deepEqual(readdirSync(dir), ['record.json']);
});

test('temporary files of a killed crawl are removed, records are not', async () => {
  const dir = mkdtempSync(join(TEMP, 'orgdir-tmp-'));
  write(join(dir, 'organisations', 'a.json'), '{}');
  write(join(dir, 'organisations', '.a.json.0123.tmp'), '{"half');
  write(join(dir, '.manifest.json.77.tmp'), '{');
  assert.equal(await removeTemporaryFiles(dir), 2);
  assert.deepEqual(readdirSync(join(dir, 'organisations')), ['a.json']);
  assert.deepEqual(readdirSync(dir).sort(), ['organisations']);
});

test('a write that fails half-way leaves the old file and no temporary file', async () => {
  const dir = mkdtempSync(join(TEMP, 'orgdir-atomic-'));
  const path = join(dir, 'snapshot.jsonl');
  writeFileSync(path, 'old');
  await assert.rejects(
    writeAtomically(path, async (temporary) => {
      writeFileSync(temporary, 'half');
      throw new Error('disk full');
    }),
    /disk full/,
  );
  assert.equal(readFileSync(path, 'utf8'), 'old');
  assert.deepEqual(readdirSync(dir), ['snapshot.jsonl']);
});
