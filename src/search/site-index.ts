// The site pipeline's search step: the data folder's records, lists and voluntary codes, as the
// browse pages read them, into the search index under `<siteDir>/search/`.
import { countyKey } from '../lib/counties.ts';
import { organisationPath } from '../lib/routes.ts';
import { objectOf } from '../lib/text.ts';
import { LISTS, readRecord, type Snapshot } from '../records/register.ts';
import { writeSearchIndex, type SearchIndexSummary } from './build-index.ts';

export function writeSiteSearchIndex(snapshot: Snapshot, siteDir: string): Promise<SearchIndexSummary> {
  // One record at a time from disk: a large register is never held in memory whole.
  function* organisations(): Generator<unknown> {
    for (const entry of snapshot.organisations) {
      const record = readRecord(snapshot.dataDir, entry.id);
      // The page is named by the file the record is stored in; the id inside the record is the
      // API's word and may be missing, repeated or anything at all.
      if (record !== undefined) yield { ...objectOf(record), id: entry.id };
    }
  }
  return writeSearchIndex({
    organisations: organisations(),
    membership: (id) => ({
      lists: (snapshot.listsOf.get(id.toLowerCase()) ?? []).map((list) => list.key),
      voluntaryCodes: (snapshot.codesOf.get(id.toLowerCase()) ?? []).map((code) => code.id),
    }),
    siteDir,
    organisationHref: organisationPath,
    lists: LISTS.map(({ key, label }) => ({ key, label })),
    voluntaryCodes: snapshot.voluntaryCodes.map(({ id, description }) => ({
      key: id,
      label: description ?? id,
    })),
    countyKey,
  });
}
