// html-validate with the repository's settings (.htmlvalidate.mjs), over built pages or over the
// markup of a page after its scripts have changed it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { filesUnder } from '../../src/site/archive.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const validator = new HtmlValidate(new FileSystemConfigLoader());

/**
 * Every error and warning for `markup`, as "name:line:column rule: message". `serialized` markup
 * comes from a browser's DOM, which writes every boolean attribute as `defer=""`.
 */
export async function htmlProblems(markup: string, name: string, serialized = false): Promise<string[]> {
  // The file name decides which configuration file applies: the repository's.
  const report = serialized
    ? await validator.validateString(markup, join(ROOT, name), {
        extends: ['html-validate:recommended'],
        rules: { 'no-trailing-whitespace': 'off', 'attribute-boolean-style': 'off' },
      })
    : await validator.validateString(markup, join(ROOT, name));
  return report.results.flatMap((result) =>
    result.messages.map(
      (message) => `${name}:${message.line}:${message.column} ${message.ruleId}: ${message.message}`,
    ),
  );
}

/** Every problem of every page of the built site. */
export async function siteHtmlProblems(site: string): Promise<string[]> {
  const problems: string[] = [];
  for (const file of filesUnder(site).filter((path) => path.endsWith('.html'))) {
    problems.push(...(await htmlProblems(readFileSync(join(site, file), 'utf8'), file)));
  }
  return problems;
}
