// How an edition reads on a page and in the feed: its title, its counts, the titles of lists and
// codes, and where its pages are. A changed field's text is the view's (src/view/change-text.ts).
import { DISCOVERED_LIST } from '../lib/data-layout.ts';
import { countOf } from '../lib/text.ts';
import { LISTS } from '../records/register.ts';
import { codeTitle } from '../records/voluntary-codes.ts';
import type { EditionMeta } from './store.ts';
import type { SnapshotList } from './edition-file.ts';


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
    removed > 0 ? `${removed} no longer on the register` : '',
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

/** Page `page` (from 1) of an edition's changes: "changes/2026-11-22.html", "changes/2026-11-22-p2.html". */
export function changesPath(id: string, page = 1): string {
  return `changes/${changesParam(id, page)}.html`;
}

/** The `[edition]` route parameter of page `page` of an edition's changes. */
export function changesParam(id: string, page: number): string {
  return page <= 1 ? id : `${id}-p${page}`;
}

export const CHANGES = 'changes.html';
export const FEED = 'feed.xml';
