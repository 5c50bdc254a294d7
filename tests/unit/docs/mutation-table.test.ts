// The mutation table (tests/mutation/mutants.ts) against the tree as it is: code moved or reworded
// would leave a mutant whose snippet is no longer there (or there twice), and the mutation run
// would then refuse to start. Checked here too, so that `npm test` names the stale row at once.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { MUTANTS } from '../../mutation/mutants.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');

/** How often `snippet` occurs in `text`, counted without overlaps. */
function count(text: string, snippet: string): number {
  return text.split(snippet).length - 1;
}

test("every mutant's snippet occurs exactly once in its file, and its test file exists", () => {
  assert.ok(MUTANTS.length > 0);
  const stale: string[] = [];
  for (const mutant of MUTANTS) {
    const file = join(ROOT, mutant.file);
    if (!existsSync(file)) stale.push(`${mutant.id}: no file ${mutant.file}`);
    else if (count(readFileSync(file, 'utf8'), mutant.find) !== 1)
      stale.push(
        `${mutant.id}: its snippet occurs ${count(readFileSync(file, 'utf8'), mutant.find)} times in ${mutant.file}`,
      );
    if (!existsSync(join(ROOT, mutant.test))) stale.push(`${mutant.id}: no test file ${mutant.test}`);
    if (mutant.find === mutant.replace) stale.push(`${mutant.id}: changes nothing`);
  }
  assert.deepEqual(stale, []);
});

test('every mutant has a name of its own', () => {
  const ids = MUTANTS.map((mutant) => mutant.id);
  assert.deepEqual(
    ids.filter((id, index) => ids.indexOf(id) !== index),
    [],
  );
});
