// No circle of imports between files of src/: the import table keeps the folders in one direction,
// and this keeps the files inside each folder so. Imports are read from the source text (static,
// dynamic and type-only alike), so the check needs nothing of the code it checks.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)(['"])(\.{1,2}\/[^'"]+)\1/gm;

/** Every file of src/ with the files of src/ it imports. */
function importGraph(): Map<string, string[]> {
  const files = readdirSync(join(ROOT, 'src'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|astro)$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
  const known = new Set(files);
  return new Map(
    files.map((file) => [
      file,
      [...readFileSync(join(ROOT, file), 'utf8').matchAll(IMPORT)]
        .map((match) => normalize(join(dirname(file), match[2]!)))
        .filter((target) => known.has(target)),
    ]),
  );
}

/** The circles of a graph, each as the files around it (depth-first, grey and black marks). */
function circles(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const found: string[][] = [];
  const visit = (file: string, path: string[]) => {
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next, path);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file, []);
  return found;
}

test('the check finds a circle when there is one', () => {
  const graph = new Map([
    ['a.ts', ['b.ts']],
    ['b.ts', ['c.ts']],
    ['c.ts', ['a.ts']],
    ['d.ts', ['a.ts']],
  ]);
  assert.deepEqual(circles(graph), [['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
});

test('no file of src/ reaches itself through its imports', () => {
  const graph = importGraph();
  assert.ok(graph.size > 150, `${graph.size} files read`);
  assert.ok([...graph.values()].flat().length > 300, 'imports were read');
  assert.deepEqual(circles(graph), []);
});
