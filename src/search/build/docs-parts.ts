// What a result shows: the docs parts, and the start of the legal objects its excerpt can quote.
import type { SearchDocument } from './document.ts';
import { statusKey } from './facet-parts.ts';
import type { IndexLayout } from './layout.ts';
import { docsEntry, type DocsPart, type ObjectsPart, partName } from '../format/parts.ts';

/**
 * The legal objects a result's excerpt can quote: their first characters, cut at a word. A match
 * further in is named without a quote; the whole text would cost about 10 MB at 35,000
 * organisations (docs/search.md, "What a result shows").
 */
const QUOTED_OBJECTS_LENGTH = 240;

function quotedObjects(objects: string): string {
  if (objects.length <= QUOTED_OBJECTS_LENGTH) return objects;
  const cut = objects.slice(0, QUOTED_OBJECTS_LENGTH + 1);
  return cut.slice(0, Math.max(cut.search(/\s\S*$/), 0)) || objects.slice(0, QUOTED_OBJECTS_LENGTH);
}

/**
 * The docs parts: what results show, a fixed number of documents per file (a status as its
 * number among the core's status options); and beside each, the start of the legal objects of
 * the same documents, read only for a result matched in them.
 */
export function docsParts(
  documents: readonly SearchDocument[],
  { docsPerFile, objectsPerFile }: Pick<IndexLayout, 'docsPerFile' | 'objectsPerFile'>,
  statusOptions: readonly { key: string }[],
  parts: Map<string, unknown>,
): void {
  const statusIndex = new Map(statusOptions.map(({ key }, index) => [key, index]));
  for (let first = 0; first < documents.length; first += docsPerFile) {
    const part: DocsPart = documents
      .slice(first, first + docsPerFile)
      .map(({ display }) => docsEntry(display, (status) => statusIndex.get(statusKey(status))!));
    parts.set(partName.docs(first / docsPerFile), part);
  }
  for (let first = 0; first < documents.length; first += objectsPerFile) {
    const objects: ObjectsPart = documents
      .slice(first, first + objectsPerFile)
      .map(({ fields }) => quotedObjects(fields.objects.join('\n')));
    parts.set(partName.objects(first / objectsPerFile), objects);
  }
}
