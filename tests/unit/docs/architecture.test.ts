// docs/architecture.md says what the linter enforces: its layers section is what
// `npm run architecture` writes from the import table of eslint.config.js, its table names every
// area with exactly the imports the table allows, and its flowchart draws no import the table
// refuses and leaves out none it allows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { AREAS, LAYERS, SITE_FOR_PAGES } from '../../../eslint.config.js';
import {
  ARCHITECTURE_PAGE,
  currentSection,
  directImports,
  formattedSection,
  type Area,
} from '../../../scripts/architecture.ts';

const areas: Record<string, Area> = AREAS;
const layers: Record<string, string[]> = LAYERS;
const page = readFileSync(ARCHITECTURE_PAGE, 'utf8');
const section = currentSection(page);

/** `src/<name>/` for a folder, `src/<name>` for a file, as the page names them. */
const named = (name: string) => `src/${name}${name.endsWith('.ts') ? '' : '/'}`;

/** The rows of the section's table: each area and the imports the page says it may make. */
function tableRows(text: string): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const cells = line.split(/(?<!\\)\|/).map((cell) => cell.trim());
    const area = /^`src\/([^`]+?)\/?`$/.exec(cells[1] ?? '')?.[1];
    if (area === undefined) continue;
    const may = [...(cells[3] ?? '').matchAll(/`src\/([^`]+?)\/?`/g)].map((match) => match[1]!);
    rows.set(area, may);
  }
  return rows;
}

/** The arrows of the section's flowchart, by node id (`config.ts` is `config_ts`). */
function arrows(text: string): [string, string][] {
  return [...text.matchAll(/^\s+(\w+) --> (\w+)$/gm)].map((match) => [match[1]!, match[2]!]);
}

const idOf = (name: string) => name.replace(/[^A-Za-z0-9]/g, '_');

test('the layers of docs/architecture.md are what npm run architecture writes from eslint.config.js now', async () => {
  assert.notEqual(section, '', 'docs/architecture.md has its layers markers');
  assert.equal(section, await formattedSection(areas, SITE_FOR_PAGES), 'run `npm run architecture`');
});

test('a change to the import table, or to what an area is, makes the page out of date', async () => {
  const widened = { ...areas, lib: { ...areas['lib']!, may: [...areas['lib']!.may, 'crawl'] } };
  assert.notEqual(section, await formattedSection(widened, SITE_FOR_PAGES));
  const renamed = { ...areas, crawl: { ...areas['crawl']!, about: 'Something else.' } };
  assert.notEqual(section, await formattedSection(renamed, SITE_FOR_PAGES));
  const { match: _match, ...fewer } = areas;
  assert.notEqual(section, await formattedSection(fewer, SITE_FOR_PAGES));
});

test('the table names every entry of src/ once, with exactly the imports the linter allows', () => {
  const rows = tableRows(section);
  assert.deepEqual([...rows.keys()].sort(), Object.keys(layers).sort());
  for (const [area, may] of Object.entries(layers)) {
    assert.deepEqual(rows.get(area), may, `the row of ${named(area)}`);
  }
});

test('the flowchart draws only allowed imports, and every allowed import through its arrows', () => {
  const drawn = arrows(section);
  const names = new Map(Object.keys(layers).map((name) => [idOf(name), name]));
  const next = new Map<string, string[]>();
  for (const [from, to] of drawn) {
    const area = names.get(from);
    const target = names.get(to);
    assert.ok(area !== undefined && target !== undefined, `${from} --> ${to} names two areas`);
    assert.ok(layers[area]!.includes(target), `${named(area)} may import ${named(target)}`);
    next.set(area, [...(next.get(area) ?? []), target]);
  }
  for (const [area, may] of Object.entries(layers)) {
    const reached = new Set<string>();
    const pending = [...(next.get(area) ?? [])];
    while (pending.length > 0) {
      const other = pending.pop()!;
      if (reached.has(other)) continue;
      reached.add(other);
      pending.push(...(next.get(other) ?? []));
    }
    for (const target of may) assert.ok(reached.has(target), `${named(area)} reaches ${named(target)}`);
  }
});

test('an import implied by a chain of allowed imports is not drawn again', () => {
  const chain: Record<string, Area> = {
    top: { about: '', may: ['middle', 'bottom'] },
    middle: { about: '', may: ['bottom'] },
    bottom: { about: '', may: [] },
  };
  assert.deepEqual(directImports(chain), [
    ['top', 'middle'],
    ['middle', 'bottom'],
  ]);
});
