// The tables of options in README.md and docs/ are what `npm run options-docs` writes from the
// schemas the commands read: every flag and variable with its default and its description, so a
// page cannot tell of an option a command lacks, or leave out one it has.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { BUILD_COMMAND_LINE, EDITIONS_COMMAND_LINE, SITE_COMMAND_LINE } from '../../../src/config.ts';
import { CRAWL_COMMAND_LINE } from '../../../src/crawl/options.ts';
import { documentedFields } from '../../../src/lib/command-line.ts';
import {
  SAMPLE_API_COMMAND_LINE,
  SAMPLE_API_DEGRADATIONS,
  SAMPLE_API_FAULTS,
} from '../../../src/sample-api/command-line.ts';
import {
  currentSection,
  formattedSection,
  optionsSections,
  pageFile,
  type OptionsSection,
} from '../../../scripts/options-docs.ts';
import type { z } from 'zod';

const sections = optionsSections();
const written = (section: OptionsSection) =>
  currentSection(readFileSync(pageFile(section.page), 'utf8'), section);
const named = (name: string) => sections.find((section) => section.name === name)!;

for (const section of sections) {
  test(`the ${section.name} options of ${section.page} are what npm run options-docs writes now`, async () => {
    assert.notEqual(written(section), '', `${section.page} has the markers of ${section.name}`);
    assert.equal(written(section), await formattedSection(section), 'run `npm run options-docs`');
  });
}

/** The rows of a section's tables, keyed by their first cell. */
function rows(text: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const cells = line.split(/(?<!\\)\|/).map((cell) => cell.trim());
    if (cells.length < 3 || /^-+$/.test(cells[1] ?? '')) continue;
    found.set(cells[1]!, cells.slice(2, -1));
  }
  return found;
}

const COMMANDS: [string, z.ZodObject[]][] = [
  ['crawl', [CRAWL_COMMAND_LINE]],
  ['site', [SITE_COMMAND_LINE]],
  ['build', [BUILD_COMMAND_LINE]],
  ['editions', [EDITIONS_COMMAND_LINE]],
  ['sample-api', [SAMPLE_API_COMMAND_LINE]],
  ['sample-api-faults', [SAMPLE_API_FAULTS]],
  ['sample-api-degradations', [SAMPLE_API_DEGRADATIONS]],
];

test("every flag and variable of a command has a row in its page's table, with its description", () => {
  for (const [name, schemas] of COMMANDS) {
    const table = rows(written(named(name)));
    for (const { doc } of schemas.flatMap((schema) => documentedFields(schema))) {
      const first = [...table.keys()].find((cell) =>
        doc.flag === undefined ? cell === `\`${doc.env}\`` : cell.startsWith(`\`--${doc.flag}`),
      );
      assert.ok(first !== undefined, `${name}: ${doc.flag ?? doc.env}`);
      const meaning = table.get(first)!.at(-1)!;
      assert.equal(
        meaning.replaceAll('\\|', '|').replaceAll('&lt;', '<'),
        doc.description,
        `${name}: ${first}`,
      );
    }
  }
});

test('defaults are shown as they are given: seconds, switches on or off, and none for a required setting', () => {
  const crawl = rows(written(named('crawl')));
  assert.equal(crawl.get('`--backoff-max S`')?.[1], '60 s');
  assert.equal(crawl.get('`--resume-max-age H`')?.[1], '12 h');
  assert.equal(crawl.get('`--discover` / `--no-discover`')?.[1], 'on');
  assert.equal(crawl.get('`--fresh`')?.[1], 'off');
  assert.equal(crawl.get('`--api-url URL`')?.[1], '');
  const readme = rows(written(named('environment')));
  assert.deepEqual(readme.get('`ORGDIR_DATA_DIR`')?.slice(0, 2), [
    '`data`',
    '`--data-dir` (crawl), `--data` (site)',
  ]);
  assert.equal(readme.get('`ORGDIR_SITE_BUDGET`')?.[0], '`1GB`');
});

test('the pages say the build takes no --data-dir, and its table offers none', () => {
  assert.match(written(named('crawl')), /`npm run build` takes every flag of the crawl but `--data-dir`/);
  assert.doesNotMatch(written(named('build')), /--data-dir/);
  assert.match(written(named('build')), /`ORGDIR_DATA_DIR`/);
});
