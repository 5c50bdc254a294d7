// npm run architecture [-- --check]: writes the layers of src/ into docs/architecture.md, between
// its markers, from the import table the linter enforces (AREAS in eslint.config.js): a Mermaid
// flowchart of which area may import which, and a table of what each area is. The page and the
// lint therefore cannot disagree; `--check` only says whether the page is up to date (exit 1 if not).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { AREAS, SITE_FOR_PAGES } from '../eslint.config.js';

/** One entry of src/: what it is, and which other entries it may import. */
export interface Area {
  about: string;
  may: readonly string[];
}

export const ARCHITECTURE_PAGE = join(import.meta.dirname, '..', 'docs', 'architecture.md');
export const START = '<!-- layers:start: written by `npm run architecture` from eslint.config.js -->';
export const END = '<!-- layers:end -->';

/** A Mermaid node id for an entry of src/ (`config.ts` → `config_ts`). */
function nodeId(name: string): string {
  return name.replace(/[^A-Za-z0-9]/g, '_');
}

/** Every entry `from` reaches through one or more allowed imports. */
function reachable(areas: Record<string, Area>, from: string): Set<string> {
  const seen = new Set<string>();
  const pending = [...(areas[from]?.may ?? [])];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    pending.push(...(areas[next]?.may ?? []));
  }
  return seen;
}

/**
 * The arrows of the flowchart: each allowed import, less those another allowed import already
 * implies (pages may import lib, but pages → view → lib draws it), so the picture stays readable.
 */
export function directImports(areas: Record<string, Area>): [string, string][] {
  const edges: [string, string][] = [];
  for (const [area, { may }] of Object.entries(areas)) {
    for (const target of may) {
      const implied = may.some((other) => other !== target && reachable(areas, other).has(target));
      if (!implied) edges.push([area, target]);
    }
  }
  return edges;
}

/** The generated section: the flowchart and the table, between the markers. */
export function layersSection(areas: Record<string, Area>, siteForPages: readonly string[]): string {
  const names = Object.keys(areas);
  const label = (name: string) => `src/${name}${name.endsWith('.ts') ? '' : '/'}`;
  const flowchart = [
    '```mermaid',
    'flowchart TD',
    ...names.map((name) => `  ${nodeId(name)}["${label(name)}"]`),
    ...directImports(areas).map(([from, to]) => `  ${nodeId(from)} --> ${nodeId(to)}`),
    '```',
  ];
  const cell = (text: string) => text.replaceAll('|', '\\|');
  const table = [
    '| in src/ | what it is | may import besides itself |',
    '| --- | --- | --- |',
    ...names.map((name) => {
      const may = areas[name]!.may.map((other) => `\`${label(other)}\``).join(', ') || 'nothing';
      return `| \`${label(name)}\` | ${cell(areas[name]!.about)} | ${may} |`;
    }),
  ];
  return [
    START,
    '',
    'An arrow means "may import"; an import that a chain of arrows already allows is not drawn again.',
    '',
    ...flowchart,
    '',
    ...table,
    '',
    `Besides the table, \`src/pages/\`, \`src/layouts/\` and \`src/components/\` may take from \`src/site/\` its hand-over to them (${siteForPages.map((name) => `\`src/site/${name}.ts\``).join(', ')}), and nothing else of it.`,
    '',
    END,
  ].join('\n');
}

/** `page` with its generated section replaced by `section`; an error if the markers are missing. */
export function withSection(page: string, section: string): string {
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/architecture.md lacks the markers ${START} … ${END}.`);
  return page.slice(0, start) + section + page.slice(end + END.length);
}

/** The section as the formatter leaves it (prettier pads the table's columns), so that it can be compared exactly. */
export async function formattedSection(
  areas: Record<string, Area>,
  siteForPages: readonly string[],
): Promise<string> {
  const options = await resolveConfig(ARCHITECTURE_PAGE);
  return (await format(layersSection(areas, siteForPages), { ...options, parser: 'markdown' })).trimEnd();
}

/** The generated section as it stands in `page`. */
export function currentSection(page: string): string {
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < start) return '';
  return page.slice(start, end + END.length);
}

if (import.meta.main) {
  const page = readFileSync(ARCHITECTURE_PAGE, 'utf8');
  const section = await formattedSection(AREAS, SITE_FOR_PAGES);
  if (process.argv.includes('--check')) {
    const upToDate = currentSection(page) === section;
    console.log(
      upToDate
        ? 'docs/architecture.md: the layers are those of eslint.config.js'
        : 'docs/architecture.md: the layers differ from eslint.config.js; run `npm run architecture`',
    );
    process.exitCode = upToDate ? 0 : 1;
  } else {
    writeFileSync(ARCHITECTURE_PAGE, withSection(page, section));
    console.log('docs/architecture.md: the layers written from eslint.config.js');
  }
}
