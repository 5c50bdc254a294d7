// The import boundaries of eslint.config.js, shown to bite: ESLint's own API lints a small file
// given in memory at a path of the tree, and the boundary rule must refuse an import that runs
// the wrong way and let one that runs the right way through.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { readdirSync } from 'node:fs';
import { LAYERS } from '../../../eslint.config.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The boundary errors ESLint reports for `code` placed at `filePath`. */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter(
      (message) => message.ruleId === 'no-restricted-imports' || message.ruleId === 'no-restricted-syntax',
    )
    .map((message) => message.message);
}

test('the crawl may not import the editions: peers do not know each other', async () => {
  const errors = await boundaryErrors(
    'src/crawl/probe.ts',
    "import { diffSnapshots } from '../editions/diff.ts';\nexport const probe = diffSnapshots;\n",
  );
  assert.equal(errors.length, 1);
  assert.match(
    errors[0]!,
    /src\/crawl may import only from src\/crawl, src\/schemas, src\/lib, src\/storage/,
  );
});

test('the editions may not reach into the crawl for its lock or helpers', async () => {
  const errors = await boundaryErrors(
    'src/editions/probe.ts',
    "import { lockDataFolder } from '../crawl/data-folder-writer.ts';\nexport const probe = lockDataFolder;\n",
  );
  assert.equal(errors.length, 1);
  assert.match(errors[0]!, /src\/editions may import only from/);
});

test('nothing in src imports from tests, however deep the file', async () => {
  const errors = await boundaryErrors(
    'src/sample-api/vocabulary/probe.ts',
    "import { launch } from '../../../tests/support/site-links.ts';\nexport const probe = launch;\n",
  );
  assert.deepEqual(errors, [
    "'../../../tests/support/site-links.ts' import is restricted from being used by a pattern. Nothing in src/ imports from scripts/ or tests/.",
  ]);
});

test('the commands never import from tests', async () => {
  const errors = await boundaryErrors(
    'scripts/probe.ts',
    "import { crawlHelp } from '../src/crawl/command-line.ts';\nimport { probe } from '../tests/support/site-links.ts';\nexport const all = [crawlHelp, probe];\n",
  );
  assert.equal(errors.length, 1);
  assert.match(errors[0]!, /scripts\/ never imports from tests\//);
});

test('a page takes the pipeline hand-over from src/site, never the pipeline itself', async () => {
  const errors = await boundaryErrors(
    'src/pages/org/probe.ts',
    "import { siteContext } from '../../site/context.ts';\nimport { buildSite } from '../../site/build.ts';\nexport const probe = [siteContext, buildSite];\n",
  );
  assert.equal(errors.length, 1);
  assert.match(
    errors[0]!,
    /'\.\.\/\.\.\/site\/build\.ts'.*Pages, layouts and components take from src\/site only/,
  );
});

test('a dynamic import is held to the same boundaries', async () => {
  const errors = await boundaryErrors(
    'src/lib/probe.ts',
    "export const probe = () => import('../search/engine.ts');\n",
  );
  assert.equal(errors.length, 1);
  assert.match(errors[0]!, /src\/lib may import only from src\/lib, src\/schemas/);
});

test('imports that run the right way pass', async () => {
  const errors = await boundaryErrors(
    'src/site/probe.ts',
    [
      "import { DATA_LAYOUT } from '../lib/data-layout.ts';",
      "import { writeFileAtomic } from '../storage/atomic-file.ts';",
      "import { SearchEngine } from '../search/engine.ts';",
      'export const probe = [DATA_LAYOUT, writeFileAtomic, SearchEngine];',
      '',
    ].join('\n'),
  );
  assert.deepEqual(errors, []);
});

test('an Astro component is held to the boundaries in its frontmatter', async () => {
  const errors = await boundaryErrors(
    'src/components/Probe.astro',
    "---\nimport { crawl } from '../crawl/crawl.ts';\n---\n<p>{String(crawl)}</p>\n",
  );
  assert.equal(errors.length, 1);
  assert.match(errors[0]!, /src\/components may import only from/);
});

const layers: Record<string, string[]> = LAYERS;
const entries = Object.keys(layers);

test('every entry under src/ has its row in the import table, and every row an entry', () => {
  const present = readdirSync(new URL('../../../src', import.meta.url)).sort();
  assert.deepEqual([...entries].sort(), present);
});

test('the import table runs one way: no area reaches, through any chain, back to itself', () => {
  // Kahn's algorithm: an area is placed once everything it imports is placed; what is never
  // placed is on a circle.
  const placed = new Set<string>();
  let progress = true;
  while (progress) {
    progress = false;
    for (const area of entries) {
      if (placed.has(area)) continue;
      if (layers[area]!.every((other) => placed.has(other))) {
        placed.add(area);
        progress = true;
      }
    }
  }
  assert.deepEqual(
    entries.filter((area) => !placed.has(area)),
    [],
  );
  for (const area of entries) {
    for (const other of layers[area]!) assert.ok(entries.includes(other), `${area} names ${other}`);
  }
});

/** How a file `depth` folders below src/<area>/ names an entry of src/. */
function specifier(depth: number, entry: string): string {
  const up = depth === 0 ? './' : '../'.repeat(depth);
  return entry.endsWith('.ts') ? `${up}${entry}` : `${up}${entry}/probe-target.ts`;
}

for (const area of entries) {
  if (area.endsWith('.d.ts')) continue;
  const isFile = area.endsWith('.ts');
  const placements = isFile
    ? [{ path: `src/${area}`, depth: 0 }]
    : [1, 2].map((depth) => ({
        path: `src/${area}/${'deeper/'.repeat(depth - 1)}probe.ts`,
        depth,
      }));
  for (const { path, depth } of placements) {
    test(`${path}: every import the table does not allow fails, every one it allows passes`, async () => {
      const others = entries.filter((other) => other !== area && !other.endsWith('.d.ts'));
      const lines = others.map((other, index) => `import * as m${index} from '${specifier(depth, other)}';`);
      const code = `${lines.join('\n')}\nexport const probe = [${others.map((_, index) => `m${index}`).join(', ')}];\n`;
      const [result] = await eslint.lintText(code, { filePath: path });
      const refused = new Set(
        (result?.messages ?? [])
          .filter((message) => message.ruleId === 'no-restricted-imports')
          .map((message) => /'([^']+)'/.exec(message.message)?.[1]),
      );
      const allowed = layers[area]!;
      for (const other of others) {
        const expected = !allowed.includes(other);
        assert.equal(refused.has(specifier(depth, other)), expected, `${path} importing ${other}`);
      }
    });
  }
}

test('only the site context keeps state on globalThis: the pipeline hands the pages one object', async () => {
  const [editions] = await eslint.lintText(
    'const VIEW = Symbol.for("view");\nexport const view = (globalThis as Record<symbol, unknown>)[VIEW];\n',
    { filePath: 'src/editions/probe.ts' },
  );
  assert.deepEqual(
    editions?.messages.map((message) => message.ruleId),
    ['no-restricted-globals'],
  );
  const [context] = await eslint.lintText(
    'const CONTEXT = Symbol.for("context");\nexport const context = (globalThis as Record<symbol, unknown>)[CONTEXT];\n',
    { filePath: 'src/site/context.ts' },
  );
  assert.deepEqual(context?.messages, []);
});

test("the search's browser code may not take the index builder's code, nor a Node module", async () => {
  const errors = await boundaryErrors(
    'src/search/browser/probe.ts',
    "import { readFile } from 'node:fs/promises';\nimport { buildSearchIndex } from '../build/build-index.ts';\nimport { foldText } from '../format/fold.ts';\nexport const probe = [readFile, buildSearchIndex, foldText];\n",
  );
  assert.equal(errors.length, 2);
  assert.match(
    errors.join('\n'),
    /src\/search\/browser may import only from src\/search\/browser, src\/search\/format/,
  );
  assert.match(errors.join('\n'), /src\/search\/browser runs in the browser too: no Node modules/);
});

test("the search's shared format imports neither side", async () => {
  const errors = await boundaryErrors(
    'src/search/format/probe.ts',
    "import { SearchEngine } from '../browser/engine.ts';\nexport const probe = SearchEngine;\n",
  );
  assert.equal(errors.length, 1);
  assert.match(errors[0]!, /src\/search\/format may import only from src\/search\/format of the search/);
});

test('the index builder may use Node but not the browser client', async () => {
  const errors = await boundaryErrors(
    'src/search/build/probe.ts',
    "import { readFile } from 'node:fs/promises';\nimport { SearchEngine } from '../browser/engine.ts';\nexport const probe = [readFile, SearchEngine];\n",
  );
  assert.equal(errors.length, 1);
  assert.match(errors[0]!, /src\/search\/build may import only from/);
});
