// npm run options-docs [-- --check]: writes the tables of options and environment variables in
// docs/ from the schemas that the commands read them with (their flag, variable,
// default and description), each between its markers. The pages and --help therefore cannot
// disagree; `--check` only says whether every page is up to date (exit 1 if not).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import type { z } from 'zod';
import { BUILD_COMMAND_LINE, EDITIONS_COMMAND_LINE, ENVIRONMENT, SITE_COMMAND_LINE } from '../src/config.ts';
import { CRAWL_COMMAND_LINE } from '../src/crawl/options.ts';
import { BUILD_CRAWL_COMMAND_LINE } from '../src/crawl/command-line.ts';
import { defaultOf, documentedFields, shownNumber, type OptionDoc } from '../src/lib/command-line.ts';
import {
  SAMPLE_API_COMMAND_LINE,
  SAMPLE_API_DEGRADATIONS,
  SAMPLE_API_FAULTS,
} from '../src/sample-api/command-line.ts';

const ROOT = join(import.meta.dirname, '..');

/** One setting as a table shows it. */
interface Setting {
  schema: z.core.$ZodType;
  doc: OptionDoc;
}

/** A generated section: the page it lives in, its name in the markers, and its text. */
export interface OptionsSection {
  page: string;
  name: string;
  source: string;
  body: string[];
}

const settingsOf = (schema: z.ZodObject): Setting[] => documentedFields(schema);

/** A table cell: its pipes escaped, and `<` kept as text rather than read as a tag. */
const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('<', '&lt;');

/** The flag as it is given: with its value's name, and its `--no-` form when it is on by default. */
function flagCell({ schema, doc }: Setting): string {
  if (doc.flag === undefined) return '';
  // A pipe is escaped even inside code: the table would split the cell there.
  const flag = `\`--${doc.flag}${doc.placeholder === undefined ? '' : ` ${doc.placeholder}`}\``.replaceAll(
    '|',
    '\\|',
  );
  return defaultOf(schema) === true ? `${flag} / \`--no-${doc.flag}\`` : flag;
}

/** The default in the unit the setting is given in; blank when it has none. */
function defaultCell({ schema, doc }: Setting): string {
  const value = defaultOf(schema);
  if (value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (typeof value === 'number') {
    const unit = doc.unit === 'seconds' ? ' s' : doc.unit === 'hours' ? ' h' : '';
    return `${shownNumber(doc, value)}${unit}`;
  }
  return `\`${String(value)}\``;
}

const envCell = ({ doc }: Setting) => (doc.env === undefined ? '' : `\`${doc.env}\``);

/** A Markdown table of `settings`, with the columns asked for. */
function table(
  settings: readonly Setting[],
  columns: readonly ('flag' | 'env' | 'default' | 'flags')[],
): string[] {
  const heads = { flag: 'flag', env: 'environment variable', default: 'default', flags: 'or the flag' };
  const cells = {
    flag: flagCell,
    env: envCell,
    default: defaultCell,
    flags: ({ doc }: Setting) => flagsFor(doc.env),
  };
  return [
    `| ${columns.map((column) => heads[column]).join(' | ')} | meaning |`,
    `| ${columns.map(() => '---').join(' | ')} | --- |`,
    ...settings.map(
      (setting) =>
        `| ${columns.map((column) => cells[column](setting)).join(' | ')} | ${cell(setting.doc.description)} |`,
    ),
  ];
}

/** The flags of the crawl a build does not take, as the build chooses them itself. */
function notInBuild(): string[] {
  const build = new Set(Object.keys(BUILD_CRAWL_COMMAND_LINE.shape));
  return documentedFields(CRAWL_COMMAND_LINE).flatMap(({ key, doc }) =>
    build.has(key) || doc.flag === undefined ? [] : [`\`--${doc.flag}\``],
  );
}

/** Every command's settings, for the flags that give a variable's setting. */
const COMMANDS: readonly [string, z.ZodObject][] = [
  ['crawl', CRAWL_COMMAND_LINE],
  ['site', SITE_COMMAND_LINE],
  ['build', BUILD_COMMAND_LINE],
  ['editions', EDITIONS_COMMAND_LINE],
];

/** The flags that give the setting of variable `env`, each with its command. */
function flagsFor(env: string | undefined): string {
  if (env === undefined) return '';
  return COMMANDS.flatMap(([command, schema]) =>
    settingsOf(schema)
      .filter(({ doc }) => doc.env === env && doc.flag !== undefined)
      .map(({ doc }) => `\`--${doc.flag}\` (${command})`),
  ).join(', ');
}

/** The environment variables of every stage, each once, the crawl's first. */
function environment(): Setting[] {
  const seen = new Set<string>();
  return [...settingsOf(CRAWL_COMMAND_LINE), ...settingsOf(ENVIRONMENT)].filter(({ doc }) => {
    if (doc.env === undefined || seen.has(doc.env)) return false;
    seen.add(doc.env);
    return true;
  });
}

const withFlags = (schema: z.ZodObject) => settingsOf(schema).filter(({ doc }) => doc.flag !== undefined);
const withoutFlags = (schema: z.ZodObject) =>
  settingsOf(schema).filter(({ doc }) => doc.flag === undefined && doc.env !== undefined);

/** The sample API's three tables: what it serves, its faults, a bad night of the register. */
function sampleApiSections(): OptionsSection[] {
  const tables: [string, z.ZodObject][] = [
    ['sample-api', SAMPLE_API_COMMAND_LINE],
    ['sample-api-faults', SAMPLE_API_FAULTS],
    ['sample-api-degradations', SAMPLE_API_DEGRADATIONS],
  ];
  return tables.map(([name, schema]) => ({
    page: 'docs/sample-api.md',
    name,
    source: 'src/sample-api/command-line.ts',
    body: table(settingsOf(schema), ['flag', 'default']),
  }));
}

/** Every generated section, as the schemas give them now. */
export function optionsSections(): OptionsSection[] {
  return [
    {
      page: 'docs/configuration.md',
      name: 'environment',
      source: 'src/crawl/options.ts and src/config.ts',
      body: [...table(environment(), ['env', 'default', 'flags']), '', 'A flag wins over its variable.'],
    },
    {
      page: 'docs/crawling.md',
      name: 'crawl',
      source: 'src/crawl/options.ts',
      body: [
        ...table(withFlags(CRAWL_COMMAND_LINE), ['flag', 'env', 'default']),
        '',
        'Read from the environment only:',
        '',
        ...table(withoutFlags(CRAWL_COMMAND_LINE), ['env', 'default']),
        '',
        `\`npm run build\` takes every flag of the crawl but ${notInBuild().join(', ')}: it chooses the crawl's folder itself, beside the data folder.`,
      ],
    },
    {
      page: 'docs/site.md',
      name: 'site',
      source: 'src/config.ts',
      body: [
        ...table(withFlags(SITE_COMMAND_LINE), ['flag', 'env', 'default']),
        '',
        'Read from the environment only:',
        '',
        ...table(withoutFlags(SITE_COMMAND_LINE), ['env', 'default']),
      ],
    },
    {
      page: 'docs/publishing.md',
      name: 'build',
      source: 'src/config.ts',
      body: [
        ...table(withFlags(BUILD_COMMAND_LINE), ['flag', 'env', 'default']),
        '',
        'Read from the environment only:',
        '',
        ...table(withoutFlags(BUILD_COMMAND_LINE), ['env', 'default']),
        '',
        "Besides these, the build takes the crawl's flags ([Crawling](crawling.md#options)).",
      ],
    },
    {
      page: 'docs/publishing.md',
      name: 'editions',
      source: 'src/config.ts',
      body: [
        ...table(withFlags(EDITIONS_COMMAND_LINE), ['flag', 'default']),
        '',
        ...table(withoutFlags(EDITIONS_COMMAND_LINE), ['env', 'default']),
      ],
    },
    ...sampleApiSections(),
  ];
}

/** The markers around a section. */
function markers(section: Pick<OptionsSection, 'name' | 'source'>): { start: string; end: string } {
  return {
    start: `<!-- options:${section.name}:start: written by \`npm run options-docs\` from ${section.source} -->`,
    end: `<!-- options:${section.name}:end -->`,
  };
}

/** The section between its markers as the formatter leaves it, so that it can be compared exactly. */
export async function formattedSection(section: OptionsSection): Promise<string> {
  const { start, end } = markers(section);
  const options = await resolveConfig(join(ROOT, section.page));
  const text = [start, '', ...section.body, '', end].join('\n');
  return (await format(text, { ...options, parser: 'markdown' })).trimEnd();
}

/** The section named `name` as it stands in `page`; empty when its markers are missing. */
export function currentSection(page: string, section: Pick<OptionsSection, 'name' | 'source'>): string {
  const { start, end } = markers(section);
  const from = page.indexOf(start);
  const to = page.indexOf(end);
  if (from < 0 || to < from) return '';
  return page.slice(from, to + end.length);
}

/** `page` with the section replaced by `text`; an error if its markers are missing. */
function withSection(page: string, section: OptionsSection, text: string): string {
  const { start, end } = markers(section);
  const from = page.indexOf(start);
  const to = page.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${section.page} lacks the markers ${start} … ${end}.`);
  return page.slice(0, from) + text + page.slice(to + end.length);
}

/** The file of a page. */
export const pageFile = (page: string) => join(ROOT, page);

if (import.meta.main) {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const section of optionsSections()) {
    const file = pageFile(section.page);
    const page = readFileSync(file, 'utf8');
    const text = await formattedSection(section);
    if (currentSection(page, section) === text) continue;
    stale += 1;
    if (check) console.log(`${section.page}: the ${section.name} options differ from ${section.source}`);
    else writeFileSync(file, withSection(page, section, text));
  }
  if (check) {
    console.log(stale === 0 ? 'options-docs: every table is up to date' : 'run `npm run options-docs`');
    process.exitCode = stale === 0 ? 0 : 1;
  } else {
    console.log(`options-docs: ${stale} table${stale === 1 ? '' : 's'} written`);
  }
}
