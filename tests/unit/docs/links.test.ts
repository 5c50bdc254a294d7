// Every relative link of README.md and docs/*.md leads somewhere: to a file of the repository,
// and, with a #fragment into a Markdown page, to one of that page's headings (as GitHub names
// them). Links to other sites are left alone: the tests run offline.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const PAGES = [
  join(ROOT, 'README.md'),
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(ROOT, 'docs', name)),
];

/** The text outside fenced code blocks and inline code, where a link is a link. */
function prose(markdown: string): string {
  return markdown.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const withoutCode = markdown.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const [, heading] of withoutCode.matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const text = heading!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*_]/g, '');
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** The relative links of a page at `path` that lead nowhere, each with the reason. */
export function brokenLinks(path: string, markdown: string): string[] {
  const broken: string[] = [];
  for (const [, target] of prose(markdown).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target!)) continue;
    const [file, fragment] = target!.split('#', 2) as [string, string | undefined];
    const goal = file === '' ? path : join(dirname(path), decodeURIComponent(file));
    if (file !== '' && !existsSync(goal)) {
      broken.push(`${target}: no file ${relative(ROOT, goal)}`);
      continue;
    }
    if (fragment !== undefined && goal.endsWith('.md')) {
      const text = goal === path ? markdown : readFileSync(goal, 'utf8');
      if (!headingAnchors(text).has(fragment)) {
        broken.push(`${target}: no heading #${fragment} in ${relative(ROOT, goal)}`);
      }
    }
  }
  return broken;
}

for (const page of PAGES) {
  test(`every relative link of ${relative(ROOT, page)} leads to a file, and to a heading of it`, () => {
    assert.deepEqual(brokenLinks(page, readFileSync(page, 'utf8')), []);
  });
}

test('a link to a missing file or a missing heading is reported; links in code and to other sites are not', () => {
  const page = join(ROOT, 'docs', 'probe.md');
  const markdown = [
    '# Probe',
    '',
    '## A heading: with punctuation, and `code`',
    '',
    '[gone](gone.md), [lost](crawling.md#no-such-heading), [self](#nowhere),',
    '[fine](crawling.md#storage-contract), [here](#a-heading-with-punctuation-and-code), [up](../README.md),',
    '[away](https://example.org/missing.md), `[in code](missing.md)`',
    '',
    '```',
    '[in a block](missing-too.md)',
    '```',
  ].join('\n');
  assert.deepEqual(brokenLinks(page, markdown), [
    'gone.md: no file docs/gone.md',
    'crawling.md#no-such-heading: no heading #no-such-heading in docs/crawling.md',
    '#nowhere: no heading #nowhere in docs/probe.md',
  ]);
});

test('headings get the anchors GitHub gives them, repeated ones numbered', () => {
  const anchors = headingAnchors(
    '# Editions: what changed, night by night\n## datapackage.json\n## Size\n### Size\n',
  );
  assert.deepEqual(
    [...anchors],
    ['editions-what-changed-night-by-night', 'datapackagejson', 'size', 'size-1'],
  );
});
