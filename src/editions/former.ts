// Organisations the site has a page for although the data folder has no record of them.
import { organisationFileStem } from '../lib/routes.ts';
import { readOrganisation } from '../records/organisation.ts';
import type { ListedFormer, Register } from '../records/register.ts';
import type { EditionsView } from './history.ts';

export interface FormerOrganisation {
  /** In lower case, as the data folder's ids are. */
  id: string;
  status: 'former' | 'carried';
  /** The edition since which it is no longer listed (former) or not fetched (carried). */
  since: string;
  /** The edition whose record is shown. */
  lastSeen: string;
  record: Record<string, unknown>;
}

/** `compute`, worked out once per editions view and register: every page asks again. */
function perViewAndRegister<T>(
  compute: (view: EditionsView, register: Register) => T,
): (view: EditionsView, register: Register) => T {
  const cache = new WeakMap<EditionsView, WeakMap<Register, T>>();
  return (view, register) => {
    let byRegister = cache.get(view);
    if (byRegister === undefined) cache.set(view, (byRegister = new WeakMap()));
    if (!byRegister.has(register)) byRegister.set(register, compute(view, register));
    return byRegister.get(register)!;
  };
}

/**
 * Former and carried organisations, except any the data folder has a record for. Ids are compared
 * as their pages are named (lower case, file-safe): an edition, which may come from elsewhere,
 * that gives a live organisation's id in other capitals must not write over its page, and of two
 * entries that would share one page only the first is kept.
 */
export const formerOrganisations = perViewAndRegister(
  (view: EditionsView, register: Register): FormerOrganisation[] => {
    const latest = view.editions[0]?.meta.id ?? '';
    const pages = new Set([...register.byId.keys()].map(organisationFileStem));
    return [
      ...view.former.map((organisation) => ({
        id: organisation.id.toLowerCase(),
        status: 'former' as const,
        since: organisation.goneSince,
        lastSeen: organisation.lastSeen,
        record: organisation.record,
      })),
      ...view.carried.map((organisation) => ({
        id: organisation.id.toLowerCase(),
        status: 'carried' as const,
        since: latest,
        lastSeen: organisation.carriedFrom,
        record: organisation.record,
      })),
    ].filter((organisation) => {
      const page = organisationFileStem(organisation.id);
      if (pages.has(page)) return false;
      pages.add(page);
      return true;
    });
  },
);

/** Where an organisation an edition names is shown, and its county, which tells two of one name apart. */
interface OrganisationPlace {
  /** False when the site has no page for it (an organisation gone before the kept editions began). */
  page: boolean;
  county?: string;
}

/** The place of each organisation by id, in any capitals: its page, live or former, and its county. */
export const organisationPlaces = perViewAndRegister(
  (view: EditionsView, register: Register): ((id: string) => OrganisationPlace) => {
    const former = new Map(formerOrganisations(view, register).map((organisation) => [organisation.id, organisation]));
    return (given: string) => {
      const id = given.toLowerCase();
      const live = register.byId.get(id);
      if (live !== undefined) return live.county === undefined ? { page: true } : { page: true, county: live.county };
      const county = former.get(id)?.record['county'];
      if (!former.has(id)) return { page: false };
      return typeof county === 'string' && county.trim() !== '' ? { page: true, county } : { page: true };
    };
  },
);

/**
 * The organisations with a page but no record in the data folder, read once into the record
 * model: a former one dated by the edition it went in, a carried one (still on the register as
 * far as the site knows, only not fetched) undated.
 */
export const listedFormer = perViewAndRegister((view: EditionsView, register: Register): ListedFormer[] => {
    const dates = new Map(view.editions.map(({ meta }) => [meta.id, meta.date]));
    return formerOrganisations(view, register).map((entry) => {
      const organisation = readOrganisation(entry.record, entry.id);
      if (entry.status === 'carried') return { id: entry.id, organisation };
      // An edition's id starts with its date ("2026-11-20-2" for a second that day).
      return { id: entry.id, organisation, goneSince: dates.get(entry.since) ?? entry.since.slice(0, 10) };
    });
});
