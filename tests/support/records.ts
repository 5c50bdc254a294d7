// Stored records (as JSON.parse gives them) into the record model, for tests that start from
// records rather than from a data folder.
import { readOrganisation, type Organisation } from '../../src/records/organisation.ts';
import { collectDocuments } from '../../src/search/build/document-order.ts';
import { searchDocument, type Membership, type SearchDocument } from '../../src/search/build/document.ts';

/** The model of a record, stored under the id the record gives. */
export function modelOf(record: Record<string, unknown>): Organisation {
  return readOrganisation(record, String(record['id']));
}

export function recordDocument(
  record: Record<string, unknown>,
  membership: Membership,
  href: string,
): SearchDocument {
  return searchDocument(modelOf(record), membership, href);
}

export function collectRecordDocuments(
  records: readonly Record<string, unknown>[],
  membership: (id: string) => Membership,
): Promise<SearchDocument[]> {
  return collectDocuments(records.map(modelOf), membership);
}
