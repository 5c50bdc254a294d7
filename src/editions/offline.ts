// Organisations the site has a page for although the data folder has no record of them.
import type { Snapshot } from '../records/register.ts';
import type { EditionsView } from './history.ts';

export interface OfflineOrganisation {
  id: string;
  status: 'former' | 'carried';
  /** The edition since which it is no longer listed (former) or not fetched (carried). */
  since: string;
  /** The edition whose record is shown. */
  lastSeen: string;
  record: Record<string, unknown>;
}

const cache = new WeakMap<EditionsView, Map<Snapshot, OfflineOrganisation[]>>();

/** Former and carried organisations, except any the data folder has a record for. */
export function offlineOrganisations(view: EditionsView, snapshot: Snapshot): OfflineOrganisation[] {
  let bySnapshot = cache.get(view);
  if (bySnapshot === undefined) cache.set(view, (bySnapshot = new Map()));
  let list = bySnapshot.get(snapshot);
  if (list === undefined) {
    const latest = view.editions[0]?.meta.id ?? '';
    list = [
      ...view.former.map((organisation) => ({
        id: organisation.id,
        status: 'former' as const,
        since: organisation.goneSince,
        lastSeen: organisation.lastSeen,
        record: organisation.record,
      })),
      ...view.carried.map((organisation) => ({
        id: organisation.id,
        status: 'carried' as const,
        since: latest,
        lastSeen: organisation.carriedFrom,
        record: organisation.record,
      })),
    ].filter((organisation) => !snapshot.byId.has(organisation.id));
    bySnapshot.set(snapshot, list);
  }
  return list;
}
