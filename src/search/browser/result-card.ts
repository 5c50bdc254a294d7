// One search result as the page draws it, in about three lines: the name (its matched words
// marked), the facts a reader scans for (number, status, county, latest income and its year), and
// why it matched (the field and an excerpt with the query's words marked). Built from text nodes
// and elements only: the data is untrusted, and no HTML is ever parsed from it.
import { element } from '../../lib/elements.ts';
import { noLongerOnRegisterSince } from '../../lib/register-status.ts';
import type { SearchField } from '../format/fields.ts';
import type { SearchHit } from './engine.ts';
import { excerpt, type ExcerptPiece } from './excerpt.ts';
import type { ParsedQuery } from '../format/query.ts';

/** What a result's "why it matched" line calls each field. */
const FIELD_LABELS: Readonly<Record<SearchField, string>> = {
  name: 'Name',
  altNames: 'Also known as',
  codes: 'Number',
  address: 'Address',
  classification: 'Sector',
  objects: 'Legal objects',
  directors: 'Director (by name only)',
};

/** The text of a field as a result can show it; the legal objects come from their own part. */
function fieldText(hit: SearchHit, field: SearchField, objects: string, query: ParsedQuery): string {
  switch (field) {
    case 'name':
      return hit.name;
    case 'altNames':
      return hit.altNames.join('; ');
    case 'codes':
      return hit.number;
    case 'address':
      return [hit.registeredAddress, hit.county].filter((part) => part !== '').join(', ');
    case 'classification':
      return [hit.sectorName, hit.subSectorName].filter((part) => part !== '').join(' › ');
    case 'objects':
      return objects;
    case 'directors':
      // The names are not part of a result; the query's own words stand for the name found.
      return [
        ...query.phrases.map((phrase) => phrase.join(' ')),
        ...query.words.map(({ word }) => word),
      ].join(' ');
  }
}

/** Why a result matched: the first field besides the name (which the heading marks) with an excerpt. */
export function matchReason(
  hit: SearchHit,
  query: ParsedQuery,
  objects: string,
): { field: SearchField; pieces: ExcerptPiece[] | undefined } | undefined {
  const others = hit.matched.filter((field) => field !== 'name');
  if (hit.matched.includes('name') && excerpt(hit.name, query)) return undefined;
  for (const field of others) {
    const pieces = excerpt(fieldText(hit, field, objects, query), query);
    if (pieces) return { field, pieces };
  }
  // Matched in a value the result does not show (another address, an eircode): named, not quoted.
  return others.length > 0 ? { field: others[0]!, pieces: undefined } : undefined;
}

/** Pieces of text as text nodes, a matched one inside <mark>. */
function marked(pieces: readonly ExcerptPiece[]): Node[] {
  return pieces.map((piece) =>
    piece.marked ? element('mark', piece.text) : document.createTextNode(piece.text),
  );
}

/**
 * "RCN 20000028 · Registered Charity (CRA) · Cork · Income €1,234 (2023)", the parts it has; for
 * an organisation no longer on the register, "No longer on the register since 2026-11-20" in
 * place of its status.
 */
function factsLine(hit: SearchHit): HTMLParagraphElement {
  const line = element('p', undefined, { class: 'result-facts' });
  const parts: Node[] = [];
  if (hit.number !== '') parts.push(element('span', hit.number, { 'data-result-number': '' }));
  // An organisation no longer on the register has no other status (src/search/build/document.ts).
  if (hit.goneSince !== '')
    parts.push(
      element('strong', noLongerOnRegisterSince(hit.goneSince), {
        'data-result-status': '',
        'data-result-gone': hit.goneSince,
      }),
    );
  else if (hit.status.length > 0)
    parts.push(element('span', hit.status.join(', '), { 'data-result-status': '' }));
  if (hit.county !== '') parts.push(element('span', hit.county, { 'data-result-county': '' }));
  if (hit.income !== '') {
    const year = hit.incomeYear > 0 ? ` (${hit.incomeYear})` : '';
    parts.push(element('span', `Income €${hit.income}${year}`, { 'data-result-income': '' }));
  }
  parts.forEach((part, index) => {
    if (index > 0) line.append(' · ');
    line.append(part);
  });
  return line;
}

/**
 * A result's list item. `href` is the safe link to its page; `objects` its legal objects when
 * it matched in them (else "").
 */
export function resultCard(hit: SearchHit, href: string, query: ParsedQuery, objects: string): HTMLLIElement {
  const item = element('li', undefined, { class: 'search-result' });
  const heading = element('h3');
  // A name in a right-to-left script, or one carrying a direction override, is isolated: it can
  // neither reorder the text around it nor be reordered by it (the pages use <bdi> alike).
  const link = element('a', undefined, { href, dir: 'auto' });
  const namePieces = hit.matched.includes('name') ? excerpt(hit.name, query, Infinity) : undefined;
  if (namePieces) link.append(...marked(namePieces));
  else link.textContent = hit.name || 'Unnamed organisation';
  heading.append(link);
  item.append(heading, factsLine(hit));
  const reason = matchReason(hit, query, objects);
  if (reason) {
    const line = element('p', undefined, { class: 'result-match', 'data-result-match': reason.field });
    line.append(`${FIELD_LABELS[reason.field]}: `);
    const quoted = element('bdi');
    if (reason.pieces) quoted.append(...marked(reason.pieces));
    else
      quoted.textContent =
        reason.field === 'objects' ? 'matched further into the text' : 'matched in a value not shown here';
    line.append(quoted);
    item.append(line);
  }
  return item;
}
