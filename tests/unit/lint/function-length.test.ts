// No function of the product or its commands runs past 80 lines: the linter refuses one, and lets
// one of 80 through.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: fileURLToPath(new URL('../../..', import.meta.url)) });

/** A function of `lines` lines in all, its braces included. */
function functionOf(lines: number): string {
  const body = Array.from({ length: lines - 4 }, (_, index) => `  total += ${index};`);
  return ['export function probe(): number {', '  let total = 0;', ...body, '  return total;', '}', ''].join(
    '\n',
  );
}

async function tooLong(filePath: string, code: string): Promise<boolean> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).some((message) => message.ruleId === 'max-lines-per-function');
}

test('a function of 81 lines is refused in src/ and scripts/, one of 80 passes', async () => {
  assert.equal(await tooLong('src/crawl/probe.ts', functionOf(81)), true);
  assert.equal(await tooLong('scripts/probe.ts', functionOf(81)), true);
  assert.equal(await tooLong('src/crawl/probe.ts', functionOf(80)), false);
});
