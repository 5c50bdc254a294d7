// The order of the index's documents, which their numbers follow: A–Z, those on the register first.
import { searchDocument, type Membership, type SearchDocument } from './document.ts';
import type { Organisation } from '../../records/organisation.ts';

const collator = new Intl.Collator('en-IE', { sensitivity: 'base', numeric: true });

/** What the index order is decided by: a document's name, whether it has left the register, and its id. */
export type OrderedDocument = Pick<SearchDocument, 'id'> & {
  display: Pick<SearchDocument['display'], 'name' | 'goneSince'>;
};

/**
 * Search documents in index order: those on the register by name, then those no longer on it by
 * name, so that document numbers follow the A–Z order and every organisation no longer on the
 * register comes after every one on it (the core's `formerFrom`).
 */
export function sortDocuments<Document extends OrderedDocument>(documents: Document[]): Document[] {
  return documents.sort(
    (a, b) =>
      Number(a.display.goneSince !== '') - Number(b.display.goneSince !== '') ||
      collator.compare(a.display.name, b.display.name) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** The organisations' search documents, sorted; an id met twice counts once. */
export async function collectDocuments(
  organisations: Iterable<Organisation> | AsyncIterable<Organisation>,
  membership: (id: string) => Membership,
  organisationHref: (id: string) => string = (id) => `org/${id}.html`,
): Promise<SearchDocument[]> {
  const documents: SearchDocument[] = [];
  const seen = new Set<string>();
  for await (const organisation of organisations) {
    const { id } = organisation;
    if (seen.has(id.toLowerCase())) continue;
    seen.add(id.toLowerCase());
    documents.push(searchDocument(organisation, membership(id), organisationHref(id)));
  }
  return sortDocuments(documents);
}
