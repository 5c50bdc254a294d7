// Browse listings ranked by size: every group a reader browses (a county, a sector, a list, a
// voluntary code, a funder's or a regulator's organisations) also as a table of its members, the
// largest latest income first: the 2,000 largest members, paged as the A–Z pages are (docs/site.md:
// "Largest first").
import { AMOUNT_TEXT, compareDecimals, decimalOf, type Decimal } from '../lib/decimal.ts';
import { registrationNumbers } from '../lib/identifiers.ts';
import { PAGE_SIZE, pageCount, pageItems } from '../lib/paginate.ts';
import {
  browsePath,
  filteredSearchQuery,
  funderPath,
  LARGEST_FOLDERS,
  pagedParam,
  regulatorPath,
  voluntaryCodePath,
  type LargestKind,
} from '../lib/routes.ts';
import { countOf } from '../lib/text.ts';
import { NOT_GIVEN_KEY } from '../records/group-keys.ts';
import { codeTitle } from '../records/voluntary-codes.ts';
import { byName } from '../records/member-lists.ts';
import { writtenAt, type Organisation } from '../records/organisation.ts';
import type { Member, Register } from '../records/register.ts';
import { listGroups, missingNote } from './browse.ts';
import { keyFactsOf } from './key-facts.ts';

/** An organisation as a ranked listing shows it: one row of the table. */
export interface RankedRow {
  id: string;
  name: string;
  /** False when the data folder has no record for it: listed unlinked, with no figures. */
  present: boolean;
  /** The Charities Regulator number, or failing that another registration number with its register. */
  number?: string;
  /** The regulatory statuses, each shortened to the abbreviation its label ends with. */
  status: string;
  /** The latest income as the organisation's key facts show it, with the year of its accounts: "45,218,934 (2021)". */
  income?: string;
  /** The latest income, exact: what the rows are ordered by. */
  size?: Decimal;
}

/** What ranks rows: an exact income (when given), a name and an id. */
interface Ranked {
  id: string;
  name: string;
  size?: Decimal | undefined;
}

/**
 * The largest size first; rows without one after every row with one; equal sizes, and the rows
 * without, by name as people read names, then by id, so that the order is total and the same
 * from build to build.
 */
function compareLargestFirst(a: Ranked, b: Ranked): number {
  if (a.size !== undefined && b.size !== undefined) {
    const bySize = compareDecimals(b.size, a.size);
    if (bySize !== 0) return bySize;
  } else if (a.size !== undefined || b.size !== undefined) {
    return a.size === undefined ? 1 : -1;
  }
  return byName(a, b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export function largestFirst<T extends Ranked>(rows: readonly T[]): T[] {
  return [...rows].sort(compareLargestFirst);
}

/** "Registered Charity (CRA)" is shown as "CRA"; a label with no abbreviation as itself. */
export function statusAbbreviation(label: string): string {
  return /\(([^()]+)\)\s*$/.exec(label)?.[1]?.trim() || label.trim();
}

const REGISTER_PREFIX = { company: 'CRO', chy: 'CHY' } as const;

function numberOf(organisation: Organisation): string | undefined {
  const numbers = registrationNumbers(organisation.regulators);
  const charity = numbers.find((number) => number.kind === 'charity');
  if (charity) return charity.number;
  const other = numbers[0];
  return other && other.kind !== 'charity' ? `${REGISTER_PREFIX[other.kind]} ${other.number}` : undefined;
}

/** The exact latest income: as the record writes it where the number read may not say it exactly. */
function sizeOf(organisation: Organisation): Decimal | undefined {
  const income = organisation.financialSummary?.currentIncome;
  if (income === undefined) return undefined;
  const written = writtenAt(organisation, 'financialSummary.currentIncome')?.trim();
  if (written !== undefined && AMOUNT_TEXT.test(written)) return decimalOf(written);
  return Number.isFinite(income) ? decimalOf(income) : undefined;
}

function rankedRowOf(organisation: Organisation, name: string): RankedRow {
  const { income } = keyFactsOf(organisation);
  const number = numberOf(organisation);
  const size = sizeOf(organisation);
  const labels = [
    ...new Set(organisation.regulatory.map(statusAbbreviation).filter((label) => label !== '')),
  ];
  return {
    id: organisation.id,
    name,
    present: true,
    status: labels.join(', '),
    ...(number !== undefined && { number }),
    ...(income && {
      income: income.year === undefined ? income.amount : `${income.amount} (${income.year})`,
    }),
    ...(size !== undefined && { size }),
  };
}

/** A group of organisations as its largest-first listing needs it. */
export interface RankedGroup {
  kind: LargestKind;
  key: string;
  slug: string;
  /** The title its A–Z page has. */
  title: string;
  members: readonly Member[];
}

/** The funder and regulator groups, as src/money makes them: their rows name organisations. */
interface NamedRows {
  key: string;
  slug: string;
  label: string;
  named: boolean;
  rows: readonly { id: string; name: string }[];
}

/** One member per organisation a funder's or regulator's rows name (a funder may fund one twice). */
function membersOfRows(rows: NamedRows['rows']): Member[] {
  const seen = new Map<string, Member>();
  for (const row of rows) {
    if (!seen.has(row.id)) seen.set(row.id, { id: row.id, name: row.name, present: true });
  }
  return [...seen.values()];
}

interface BrowseGroup {
  key: string;
  slug: string;
  label: string;
  code?: string;
  members: Member[];
}

const withCode = (group: BrowseGroup) => (group.code ? `${group.label} (${group.code})` : group.label);

function browseGroups(
  kind: LargestKind,
  groups: readonly BrowseGroup[],
  title: (group: BrowseGroup) => string,
) {
  return groups.map((group): RankedGroup => ({
    kind,
    key: group.key,
    slug: group.slug,
    title: title(group),
    members: group.members,
  }));
}

function rowGroups(kind: LargestKind, groups: readonly NamedRows[], notNamed: string): RankedGroup[] {
  return groups.map((group) => ({
    kind,
    key: group.key,
    slug: group.slug,
    title: group.named ? group.label : notNamed,
    members: membersOfRows(group.rows),
  }));
}

const groupsOfRegisters = new WeakMap<Register, RankedGroup[]>();

/** Every group with a largest-first listing, made once per register. */
export function rankedGroups(
  register: Register,
  money: { funders: readonly NamedRows[]; regulators: readonly NamedRows[] },
): RankedGroup[] {
  let groups = groupsOfRegisters.get(register);
  if (groups) return groups;
  groups = [
    ...browseGroups('county', register.counties, (group) =>
      group.key === '' ? group.label : `County ${group.label}`,
    ),
    ...browseGroups('sector', register.sectors, withCode),
    ...browseGroups('subSector', register.subSectors, withCode),
    ...browseGroups('list', listGroups(register), (group) => group.label),
    ...register.voluntaryCodes.map((code): RankedGroup => ({
      kind: 'code',
      key: code.id,
      slug: code.slug,
      title: codeTitle(code),
      members: code.members,
    })),
    ...rowGroups('funder', money.funders, 'Funder not given'),
    ...rowGroups('regulator', money.regulators, 'Regulator not given'),
  ];
  groupsOfRegisters.set(register, groups);
  return groups;
}

/** The group's own page, in the order it has always had: the other half of the sort control. */
export function unrankedPath(group: Pick<RankedGroup, 'kind' | 'slug'>): string {
  if (group.kind === 'code') return voluntaryCodePath(group.slug);
  if (group.kind === 'funder') return funderPath(group.slug);
  if (group.kind === 'regulator') return regulatorPath(group.slug);
  return browsePath(group.kind, group.slug);
}

interface RegisterRows {
  rows: Map<string, RankedRow>;
  /** Each status abbreviation with the label it shortens, as the records first give it. */
  labels: Map<string, string>;
}

const rowsOfRegisters = new WeakMap<Register, RegisterRows>();

/** Every organisation's row, made once per register (each record unpacked once more). */
function rankedRowsOf(register: Register): RegisterRows {
  let made = rowsOfRegisters.get(register);
  if (made) return made;
  made = { rows: new Map(), labels: new Map() };
  for (const entry of register.organisations) {
    const organisation = entry.organisation;
    made.rows.set(entry.id.toLowerCase(), rankedRowOf(organisation, entry.name));
    for (const label of organisation.regulatory) {
      const abbreviation = statusAbbreviation(label);
      if (abbreviation !== label.trim() && !made.labels.has(abbreviation))
        made.labels.set(abbreviation, label);
    }
  }
  rowsOfRegisters.set(register, made);
  return made;
}

/** The labels a page's status column shortens, in the order their abbreviations first appear on it. */
export function statusLabels(register: Register, rows: readonly RankedRow[]): string[] {
  const { labels } = rankedRowsOf(register);
  const shown = new Set<string>();
  for (const row of rows) {
    if (!row.present) continue;
    for (const abbreviation of row.status.split(', ')) {
      const label = labels.get(abbreviation);
      if (label !== undefined) shown.add(label);
    }
  }
  return [...shown];
}

/** A member without a record: its name, and why it has no link. */
function missingRow(member: Member): RankedRow {
  return { id: member.id, name: member.name, present: false, status: missingNote(member) };
}

const rankings = new WeakMap<readonly Member[], RankedRow[]>();

/** Every member of a group as a row, the largest first; made once per group. */
function rankedMembers(register: Register, members: readonly Member[]): RankedRow[] {
  let ranked = rankings.get(members);
  if (ranked) return ranked;
  const { rows } = rankedRowsOf(register);
  ranked = largestFirst(
    members.map((member) => (member.present && rows.get(member.id.toLowerCase())) || missingRow(member)),
  );
  rankings.set(members, ranked);
  return ranked;
}

/**
 * How many of a group's members its largest-first pages rank: ten pages of 200. Only some 25
 * groups at 35,000 organisations are larger (the largest regulator's some 20,000); ranking every
 * member of those took 21 MB of the site's 500 MB for rows far down the order, which the search
 * ranks in full (with its download) and the A–Z pages and the downloads list.
 */
const RANKED_LIMIT = 2_000;

export interface LargestProps {
  kind: LargestKind;
  key: string;
  page: number;
}

/** `getStaticPaths` entries for every page of every group's largest-first listing. */
export function largestRoutes(
  groups: readonly Pick<RankedGroup, 'kind' | 'key' | 'slug' | 'members'>[],
  limit = RANKED_LIMIT,
) {
  return groups.flatMap((group) =>
    Array.from({ length: pageCount(Math.min(group.members.length, limit)) }, (_, index) => ({
      params: { kind: LARGEST_FOLDERS[group.kind], page: pagedParam(group.slug, index + 1) },
      props: { kind: group.kind, key: group.key, page: index + 1 } satisfies LargestProps,
    })),
  );
}

export interface LargestPage {
  group: RankedGroup;
  page: number;
  pages: number;
  rows: RankedRow[];
  /** The position of the page's first row in the whole listing, from 1. */
  first: number;
  /** How many of the group's members the pages rank: all of them, or the `RANKED_LIMIT` largest. */
  ranked: number;
}

/** Page `page` of a whole ranking cut at its `limit` largest. */
export function rankedPage<T>(
  ranking: readonly T[],
  page: number,
  limit = RANKED_LIMIT,
): { rows: T[]; pages: number; first: number; ranked: number } {
  const ranked = Math.min(ranking.length, limit);
  return {
    rows: pageItems(ranking.slice(0, ranked), page),
    pages: pageCount(ranked),
    first: (page - 1) * PAGE_SIZE + 1,
    ranked,
  };
}

export function largestPage(
  register: Register,
  groups: readonly RankedGroup[],
  props: LargestProps,
): LargestPage {
  const group = groups.find((candidate) => candidate.kind === props.kind && candidate.key === props.key);
  if (!group) throw new Error(`No ${props.kind} ${props.key}`);
  return { group, page: props.page, ...rankedPage(rankedMembers(register, group.members), props.page) };
}

/** The `count` organisations of the register with the largest latest income. */
export function largestOrganisations(register: Register, count: number): RankedRow[] {
  const { rows } = rankedRowsOf(register);
  return largestFirst([...rows.values()].filter((row) => row.size !== undefined)).slice(0, count);
}

/**
 * The search that holds a whole group, the largest latest income first, with its download (the
 * query of the search page's address): the same ranking, to filter further and take away. The search filters by county, sector,
 * list, voluntary code and funder, keyed as these groups are; it has no filter for a sub-sector or
 * a regulator, nor for a group whose county, sector or funder is not given (the empty key).
 */
export function wholeRankingSearch(
  group: Pick<RankedGroup, 'kind' | 'key' | 'slug' | 'title'>,
): string | undefined {
  if (group.key === NOT_GIVEN_KEY) return undefined;
  switch (group.kind) {
    case 'county':
      return filteredSearchQuery('county', group.key, 'income');
    case 'sector':
      return filteredSearchQuery('sector', group.key, 'income');
    case 'list':
      return filteredSearchQuery('list', group.key, 'income');
    case 'code':
      return filteredSearchQuery('voluntaryCode', group.slug, 'income');
    case 'funder':
      return filteredSearchQuery('funder', group.key, 'income');
    default:
      return undefined;
  }
}

/** What a ranked page shows, in a sentence: how many, in what order, and which of them. */
export function largestSummary({
  group,
  page,
  pages,
  rows,
  first,
  ranked,
}: Pick<LargestPage, 'page' | 'pages' | 'first' | 'ranked'> & {
  group: Pick<RankedGroup, 'members'>;
  rows: readonly unknown[];
}): string {
  const total = group.members.length;
  const shown =
    pages > 1
      ? `. Page ${page} of ${pages} shows ${first.toLocaleString('en-IE')}–${(first + rows.length - 1).toLocaleString('en-IE')}`
      : '';
  if (ranked < total)
    return `${countOf(total, 'organisation')}: the ${ranked.toLocaleString('en-IE')} with the largest latest income, the largest first${shown}.`;
  return `${countOf(total, 'organisation')}, the largest latest income first; those that give none follow, A–Z${shown}.`;
}
