// How the changes of an edition read on a page and in the feed: labels for fields and lists, values
// as the source gave them, and for a list-valued field what entered and what left it.
import { describeDate } from '../lib/dates.ts';
import { DISCOVERED_LIST } from '../lib/data-layout.ts';
import { formatAmount } from '../lib/money.ts';
import { DATE_TIME_PATTERN } from '../schemas/index.ts';
import { countOf, describeValue } from '../lib/text.ts';
import { labelOf } from '../records/organisation.ts';
import { LISTS } from '../records/register.ts';
import { codeTitle } from '../records/voluntary-codes.ts';
import { sameValue, type FieldChange } from './diff.ts';
import type { EditionMeta } from './store.ts';
import type { SnapshotList } from './edition-file.ts';


/** "currentIncome" → "current income". */
function words(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
}

/** "Financial summary: current income" for `financialSummary.currentIncome`. */
export function fieldLabel(path: string): string {
  const [head = '', ...rest] = path.split('.');
  const first = labelOf(head) ?? words(head).replace(/^./, (letter) => letter.toUpperCase());
  return rest.length === 0 ? first : `${first}: ${rest.map(words).join(', ')}`;
}

/** The most telling text of an array element: its name, or the value as given. */
function elementText(element: unknown): string {
  if (typeof element === 'object' && element !== null && !Array.isArray(element)) {
    const record = element as Record<string, unknown>;
    for (const key of ['name', 'fundSource', 'regulatorName', 'governanceCodeDesc', 'address', 'source']) {
      const value = record[key];
      if (typeof value === 'string' && value.trim() !== '') {
        const amount = key === 'fundSource' ? formatAmount(record['amount']) : undefined;
        return amount === undefined ? value : `${value} (${amount})`;
      }
    }
  }
  return describeValue(element);
}

/** Money fields of the financial summary; its year is a plain number. */
const isAmount = (path: string) => path.startsWith('financialSummary.') && !/year$/i.test(path);

function valueText(path: string, value: unknown, present: boolean): string {
  if (!present) return 'not given';
  if (isAmount(path) && typeof value === 'number') return formatAmount(value) ?? '';
  if (typeof value === 'string' && DATE_TIME_PATTERN.test(value)) return describeDate(value)?.text ?? value;
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map(elementText).join('; ');
  return describeValue(value);
}

export interface ChangeText {
  label: string;
  before: string;
  after: string;
  /** For a list-valued field: the elements that entered and left it. */
  entered?: string[];
  left?: string[];
}

export function describeFieldChange(change: FieldChange): ChangeText {
  const text: ChangeText = {
    label: fieldLabel(change.path),
    before: valueText(change.path, change.before, 'before' in change),
    after: valueText(change.path, change.after, 'after' in change),
  };
  if (Array.isArray(change.before) && Array.isArray(change.after)) {
    const before = change.before as unknown[];
    const after = change.after as unknown[];
    text.entered = after.filter((item) => !before.some((old) => sameValue(old, item))).map(elementText);
    text.left = before.filter((item) => !after.some((now) => sameValue(now, item))).map(elementText);
  }
  return text;
}

/** "Approved housing bodies" for a list; for a voluntary code its description among `codes`, else its usual name. */
export function membershipTitle(
  kind: SnapshotList['kind'],
  name: string,
  codes: readonly { id: string; description?: string }[] = [],
): string {
  if (kind === 'voluntaryCode') return codeTitle(codes.find((code) => code.id === name) ?? { id: name });
  if (name === DISCOVERED_LIST) return 'Found only by search';
  return LISTS.find((list) => list.key === name)?.title ?? name;
}

/** "2 added, 1 removed, 8 changed, 3 joined a list or code, 2 left one", or "no changes". */
export function changeSummary(meta: EditionMeta): string {
  if (meta.previous === null)
    return `the first edition: ${countOf(meta.counts.organisations, 'organisation')}`;
  const { added, removed, changed, joined, left } = meta.changes;
  const parts = [
    added > 0 ? `${added} added` : '',
    removed > 0 ? `${removed} no longer listed` : '',
    changed > 0 ? `${changed} changed` : '',
    joined > 0 ? `${joined} joined a list or code` : '',
    left > 0 ? `${left} left one` : '',
  ].filter((part) => part !== '');
  return parts.length === 0 ? 'no changes' : parts.join(', ');
}

/** "Edition 3 · 22 November 2026". */
export function editionTitle(meta: EditionMeta): string {
  const [year, month, day] = meta.date.split('-').map(Number);
  const date = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)).toLocaleDateString('en-IE', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return `Edition ${meta.number} · ${date}`;
}

/** Where an edition's "what changed" page lives. */
export function changesPath(id: string): string {
  return `changes/${id}.html`;
}

export const CHANGES = 'changes.html';
export const FEED = 'feed.xml';
