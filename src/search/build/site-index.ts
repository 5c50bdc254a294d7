// The site pipeline's search step, in two halves: the build's own process turns the register's
// organisations into search documents and writes them to a file (records are read once, by the
// register); a process of its own (src/site/search-process.ts) reads that file and builds the
// index under `<siteDir>/search/`.
import { closeSync, openSync, writeSync } from 'node:fs';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { countyKey } from '../../lib/counties.ts';
import { organisationPath } from '../../lib/routes.ts';
import { LISTS, type ListedFormer, type Register } from '../../records/register.ts';
import { indexDocuments } from './build-index.ts';
import { indexWords } from './terms-parts.ts';
import { sortDocuments } from './document-order.ts';
import { writeIndexParts, type SearchIndexSummary } from './write-parts.ts';
import { searchDocument, type Membership, type SearchDocument } from './document.ts';

/** One JSON line: U+2028 and U+2029 are valid in JSON text, but the line reader ends lines at them. */
function jsonLine(value: unknown): string {
  return `${JSON.stringify(value)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')}\n`;
}

interface Labels {
  lists: { key: string; label: string }[];
  voluntaryCodes: { key: string; label: string }[];
}

/** The lists and codes the latest edition names an organisation on (none, once it has left the register). */
function membershipOf(register: Register, id: string): Membership {
  return {
    lists: (register.listsOf.get(id) ?? []).map((list) => list.key),
    voluntaryCodes: (register.codesOf.get(id) ?? []).map((code) => code.slug),
  };
}

/**
 * Writes the register's search documents to `file` as JSON lines: first the filters' labels,
 * then one document per organisation, then one per organisation with a page but no record
 * (`former`: those no longer on the register, dated, and those not fetched in the latest crawl).
 */
export function writeSearchDocuments(
  register: Register,
  former: readonly ListedFormer[],
  file: string,
): void {
  const descriptor = openSync(file, 'w');
  try {
    const labels: Labels = {
      lists: LISTS.map(({ key, title }) => ({ key, label: title })),
      // A code is filtered by its page's slug: its id comes from the API and may be anything.
      voluntaryCodes: register.voluntaryCodes.map(({ id, slug, description }) => ({
        key: slug,
        label: description ?? id,
      })),
    };
    let pending = jsonLine(labels);
    for (const entry of register.organisations) {
      const document = searchDocument(
        entry.organisation,
        membershipOf(register, entry.id),
        organisationPath(entry.id),
      );
      pending += jsonLine(document);
      if (pending.length > 1 << 20) {
        writeSync(descriptor, pending);
        pending = '';
      }
    }
    for (const { id, organisation, goneSince } of former) {
      pending += jsonLine(
        searchDocument(organisation, membershipOf(register, id), organisationPath(id), goneSince),
      );
    }
    writeSync(descriptor, pending);
  } finally {
    closeSync(descriptor);
  }
}

/** A file of `writeSearchDocuments`: the filters' labels, and each document as `keep` leaves it. */
async function readDocuments<Kept>(
  file: string,
  keep: (document: SearchDocument) => Kept,
): Promise<{ labels: Labels | undefined; documents: Kept[] }> {
  let labels: Labels | undefined;
  const documents: Kept[] = [];
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (line === '') continue;
    if (labels === undefined) labels = JSON.parse(line) as Labels;
    else documents.push(keep(JSON.parse(line) as SearchDocument));
  }
  return { labels, documents };
}

/**
 * Builds the site's search index from a file of `writeSearchDocuments`, read twice: the words'
 * parts, the index's largest step, need only each document's fields (and what orders it); the
 * rest of the index the whole document. At 100,000 organisations the whole documents take some
 * 250 MB of heap, their fields 115 MB (docs/performance.md, "Memory"). Both reads sort alike, so
 * a document has one number in both.
 */
export async function writeSiteSearchIndex(file: string, siteDir: string): Promise<SearchIndexSummary> {
  const parts = new Map<string, unknown>();
  const words = indexWords(
    sortDocuments(
      (
        await readDocuments(file, ({ id, fields, display }) => ({
          id,
          fields,
          display: { name: display.name, goneSince: display.goneSince },
        }))
      ).documents,
    ),
    {},
    parts,
  );
  const { labels, documents } = await readDocuments(file, (document) => document);
  const built = indexDocuments(
    sortDocuments(documents),
    words,
    { lists: labels?.lists ?? [], voluntaryCodes: labels?.voluntaryCodes ?? [], countyKey },
    parts,
  );
  return writeIndexParts(built, siteDir);
}
