// The tests the security page names, each by its file and the words its name starts with (an
// ellipsis standing for the rest), are tests of that file: a test renamed or removed leaves no
// defence named by a test that is not there.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const ROOT = join(import.meta.dirname, '..', '..', '..');

/** Each test file a table row links, with the quoted test names that follow the link in that cell. */
function namedTests(markdown: string): { file: string; name: string }[] {
  const named: { file: string; name: string }[] = [];
  for (const line of markdown.split('\n').filter((row) => row.startsWith('|'))) {
    for (const part of line.split(/(?=\[`)/)) {
      const file = /^\[`[^`]*`\]\(\.\.\/(tests\/[^)#]+)\)/.exec(part)?.[1];
      if (file === undefined) continue;
      for (const [, name] of part.matchAll(/"([^"]+)"/g)) named.push({ file, name: name! });
    }
  }
  return named;
}

test('every test the security page names by its words is in the file it links', () => {
  const named = namedTests(readFileSync(join(ROOT, 'docs', 'security.md'), 'utf8'));
  assert.ok(named.length > 20, `${named.length} tests named`);
  const missing = named.filter(({ file, name }) => {
    const source = readFileSync(join(ROOT, file), 'utf8').replaceAll("\\'", "'");
    // The words either side of an ellipsis, each as written in the test's name.
    return !name
      .split('…')
      .map((piece) => piece.trim().replace(/,$/, ''))
      .filter((piece) => piece !== '')
      .every((piece) => source.includes(piece));
  });
  assert.deepEqual(missing, []);
});
