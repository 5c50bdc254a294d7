// The list matcher timed at a register's size (`npm run bench:match`): a list of distinct lines
// as people write them, the register's own names among them, is matched line after line by one
// matcher, as match.html's worker does, and each kind of line is timed on its own. Distinct lines,
// because the worker answers a repeated line from the first (src/match/rows.ts): the time that
// matters is the time per line it has not seen.
import { z } from 'zod';
import { documented } from '../../src/lib/command-line.ts';
import { generateDataset } from '../../src/sample-api/dataset.ts';
import { createRandom, integer, pick, type Random } from '../../src/sample-api/prng.ts';
import { readOrganisation } from '../../src/records/organisation.ts';
import { matchEntryOf } from '../../src/site/register-entry.ts';
import type { LineMatch } from '../../src/match/candidates.ts';
import { Matcher, type MatchEntry } from '../../src/match/matcher.ts';

/** The kinds of line a list holds, with their share of the list. */
const LINE_KINDS = [
  ['name', 0.15],
  ['other case', 0.1],
  ['legal form', 0.1],
  ['typo', 0.15],
  ['reordered', 0.1],
  ['number', 0.15],
  ['made up of register words', 0.15],
  ['made up', 0.1],
] as const;
type LineKind = (typeof LINE_KINDS)[number][0];

export interface ListLine {
  line: string;
  kind: LineKind;
}

/** The sample register's organisations as the matcher takes them. */
export function sampleMatchEntries(seed: string, organisations: number): MatchEntry[] {
  const dataset = generateDataset({ seed, orgs: organisations });
  return dataset.ids.map((id) => matchEntryOf(readOrganisation(dataset.organisation(id), id)));
}

/** One letter deleted, doubled, replaced or swapped with the next, in a word of 5 letters or more. */
function withTypo(random: Random, name: string): string | undefined {
  const words = name.split(' ');
  const long = words.flatMap((word, at) => (/^[A-Za-z]{5,}$/.test(word) ? [at] : []));
  if (long.length === 0) return undefined;
  const at = pick(random, long);
  const word = words[at]!;
  const letter = integer(random, 1, word.length - 2);
  const edits = [
    word.slice(0, letter) + word.slice(letter + 1),
    word.slice(0, letter) + word[letter] + word.slice(letter),
    word.slice(0, letter) + pick(random, [...'aeiourstnl']) + word.slice(letter + 1),
    word.slice(0, letter) + word[letter + 1] + word[letter] + word.slice(letter + 2),
  ];
  words[at] = pick(random, edits);
  return words.join(' ');
}

/** Its words in another order: the first moved to the end, or two neighbours swapped. */
function reordered(random: Random, name: string): string | undefined {
  const words = name.split(' ');
  if (words.length < 2) return undefined;
  if (random() < 0.5) return [...words.slice(1), words[0]].join(' ');
  const at = integer(random, 0, words.length - 2);
  [words[at], words[at + 1]] = [words[at + 1]!, words[at]!];
  return words.join(' ');
}

/** Without its legal form, or with it written otherwise. */
function otherLegalForm(random: Random, name: string): string {
  const core = name.replace(/\s+(Limited|Ltd\.?|CLG|Company Limited by Guarantee|DAC|Teoranta)$/i, '');
  return core === name ? `${name} ${pick(random, ['Ltd', 'CLG', 'Limited'])}` : core;
}

const NUMBER_FORMS: readonly ((digits: string) => string)[] = [
  (digits) => digits,
  (digits) => `RCN ${digits}`,
  (digits) => `RCN: ${digits}`,
  (digits) => `IE-CHY-${digits}`,
  (digits) => ` ${digits} `,
];

function numberLine(random: Random, entry: MatchEntry): string | undefined {
  if (entry.numbers.length === 0) return undefined;
  const { kind, number } = pick(random, entry.numbers);
  if (kind === 'company') return pick(random, [`CRO ${number}`, `IE-CRO-${number}`, `CRO No. ${number}`]);
  if (kind === 'chy') return pick(random, [`CHY ${number}`, `chy${number}`, `CHY-${number}`]);
  return pick(random, NUMBER_FORMS)(number);
}

const SYLLABLES = ['ba', 'ker', 'lo', 'mun', 'dri', 'sta', 'vel', 'ox', 'quin', 'tho', 'rac', 'zem'];

function madeUpWord(random: Random): string {
  const word = Array.from({ length: integer(random, 2, 4) }, () => pick(random, SYLLABLES)).join('');
  return word[0]!.toUpperCase() + word.slice(1);
}

/**
 * `count` distinct lines (as long as the register allows) in the shares of LINE_KINDS. Lines
 * made up of the register's own words ("Kilkenny Rowing Hospice Association") are the ones a
 * matcher weighs the most names for.
 */
export function listLines(entries: readonly MatchEntry[], count: number, seed: string): ListLine[] {
  const random = createRandom(seed, 'list');
  const vocabulary = entries.flatMap((entry) => entry.name.split(' '));
  const seen = new Set<string>();
  const lines: ListLine[] = [];
  const kinds = LINE_KINDS.map(([kind]) => kind);
  const shares = LINE_KINDS.map(([, share]) => share);
  // Enough attempts for any list the register can give, few enough to end when it cannot.
  for (let attempt = 0; lines.length < count && attempt < count * 20; attempt += 1) {
    let draw = random();
    const kind = kinds[shares.findIndex((share) => (draw -= share) < 0)] ?? 'made up';
    const entry = pick(random, entries);
    const line =
      kind === 'name'
        ? entry.name
        : kind === 'other case'
          ? random() < 0.5
            ? entry.name.toUpperCase()
            : `The ${entry.name.toLowerCase()}.`
          : kind === 'legal form'
            ? otherLegalForm(random, entry.name)
            : kind === 'typo'
              ? withTypo(random, entry.name)
              : kind === 'reordered'
                ? reordered(random, entry.name)
                : kind === 'number'
                  ? numberLine(random, entry)
                  : kind === 'made up of register words'
                    ? Array.from({ length: integer(random, 2, 5) }, () => pick(random, vocabulary)).join(' ')
                    : `${madeUpWord(random)} ${pick(random, vocabulary)} ${madeUpWord(random)}`;
    if (line === undefined || seen.has(line)) continue;
    seen.add(line);
    lines.push({ line, kind });
  }
  return lines;
}

export interface MatchTiming {
  organisations: number;
  lines: number;
  /** Building the matcher from the entries. */
  buildMs: number;
  /** Matching every line, one after another. */
  matchMs: number;
  linesPerSecond: number;
  /** Per kind of line: how many, their total time and the slowest one. */
  byKind: Record<string, { lines: number; ms: number; slowestMs: number }>;
}

/** Builds a matcher and matches every line with it, timing each; `answer` hears each line's match. */
export function timeMatching(
  entries: readonly MatchEntry[],
  lines: readonly ListLine[],
  answer: (result: LineMatch) => void = () => undefined,
): MatchTiming {
  const built = performance.now();
  const matcher = new Matcher(entries);
  const started = performance.now();
  const byKind: MatchTiming['byKind'] = {};
  for (const { line, kind } of lines) {
    const before = performance.now();
    const result = matcher.match(line);
    const ms = performance.now() - before;
    const figures = (byKind[kind] ??= { lines: 0, ms: 0, slowestMs: 0 });
    figures.lines += 1;
    figures.ms += ms;
    figures.slowestMs = Math.max(figures.slowestMs, ms);
    answer(result);
  }
  const matchMs = performance.now() - started;
  return {
    organisations: entries.length,
    lines: lines.length,
    buildMs: started - built,
    matchMs,
    linesPerSecond: lines.length / (matchMs / 1000),
    byKind,
  };
}

export const MATCH_BENCH_COMMAND_LINE = z.object({
  organisations: documented(z.number().int().min(1).default(35_000), {
    flag: 'organisations',
    placeholder: 'N',
    description: "The sample register's size (35,000 by default, the real register's).",
  }),
  lines: documented(z.number().int().min(1).default(100_000), {
    flag: 'lines',
    placeholder: 'N',
    description: 'Distinct lines in the list, the most match.html takes by default.',
  }),
  runs: documented(z.number().int().min(1).default(3), {
    flag: 'runs',
    placeholder: 'N',
    description: 'Times the list is matched, each by a matcher built anew; the median is reported.',
  }),
  seed: documented(z.string().default('orgdir'), {
    flag: 'seed',
    placeholder: 'S',
    description: "The sample register's seed, and the list's.",
  }),
  answers: documented(z.string().optional(), {
    flag: 'answers',
    placeholder: 'FILE',
    description:
      "Write each line's answer (status, match, candidates with their scores, in order) to FILE, one JSON line each, from the first run: two matchers' files compare with cmp.",
  }),
});
