// What every organisation page shares, worked out once per register rather than once per page,
// and what its sections are: the headings a reader (or a screen reader) jumps between.
import type { Register, VoluntaryCodePage } from '../records/register.ts';
import { codesByDescription, codeTitle, descriptionKey } from '../records/voluntary-codes.ts';
import type { OrganisationView } from './organisation-view.ts';

const byDescription = new WeakMap<Register, Map<string, VoluntaryCodePage>>();

/** The register's voluntary code pages by description, to link a record's governance codes. */
export function codeByDescription(register: Register): Map<string, VoluntaryCodePage> {
  let map = byDescription.get(register);
  if (!map) byDescription.set(register, (map = codesByDescription(register.voluntaryCodes)));
  return map;
}

/** A section of an organisation's page: the id of its heading and the heading's words. */
export interface PageSection {
  id: string;
  title: string;
}

/** Every section an organisation's page can have, in the order the page shows them. */
export const SECTIONS = {
  about: { id: 'about', title: 'About' },
  addresses: { id: 'addresses', title: 'Addresses' },
  registration: { id: 'regulation', title: 'Registration' },
  finances: { id: 'finances', title: 'Finances' },
  funders: { id: 'funders', title: 'Funders' },
  directors: { id: 'people', title: 'Directors' },
  objects: { id: 'objects', title: 'Legal objects' },
  sources: { id: 'sources', title: 'Sources' },
  other: { id: 'other', title: 'Other data' },
  history: { id: 'history', title: 'Change history' },
  cite: { id: 'cite', title: 'Cite this page' },
} as const satisfies Record<string, PageSection>;

/**
 * The page's contents: every section it shows. Funders and other data are shown only when the
 * record has them, and the change history only when the site keeps editions; "Cite this page"
 * ends every page.
 */
export function pageSections(
  organisation: Pick<OrganisationView, 'funders' | 'otherData'>,
  options: { history: boolean },
): PageSection[] {
  const shown: Record<keyof typeof SECTIONS, boolean> = {
    about: true,
    addresses: true,
    registration: true,
    finances: true,
    funders: organisation.funders.length > 0,
    directors: true,
    objects: true,
    sources: true,
    other: organisation.otherData.length > 0,
    history: options.history,
    cite: true,
  };
  return (Object.keys(SECTIONS) as (keyof typeof SECTIONS)[])
    .filter((key) => shown[key])
    .map((key) => SECTIONS[key]);
}

/** A voluntary code on an organisation's page: on its member list, named in its record, or both. */
export interface CodeEntry {
  title: string;
  /** The code's page on this site, when the register has one. */
  slug?: string;
  /** The code's own address as the record gives it, and its http(s) form when it is safe to link. */
  url?: string;
  href?: string;
  /** Whether the organisation is on the code's member list; undefined when no member list is known. */
  member?: boolean;
  /** The organisation's record names the code. */
  named: boolean;
}

/**
 * The voluntary codes an organisation adheres to, each once: the member lists it is on, with the
 * codes its record names matched to them by description, then the named codes on no such list.
 */
export function codeEntries(
  named: OrganisationView['governanceCodes'],
  memberOf: readonly VoluntaryCodePage[],
  pages: ReadonlyMap<string, VoluntaryCodePage> | undefined,
): CodeEntry[] {
  const pageOf = (ref: OrganisationView['governanceCodes'][number]) =>
    ref.description === undefined ? undefined : pages?.get(descriptionKey(ref.description));
  const members = memberOf.map((code): CodeEntry => {
    const ref = named.find((candidate) => pageOf(candidate)?.id === code.id);
    return { title: codeTitle(code), slug: code.slug, ...links(ref), member: true, named: ref !== undefined };
  });
  // A code the record names twice, or names and is a member of, is one code.
  const shown = new Set(memberOf.map((code) => code.id));
  const others = named.flatMap((ref): CodeEntry[] => {
    const page = pageOf(ref);
    const key = page?.id ?? `description:${descriptionKey(ref.description ?? ref.url ?? '')}`;
    if (shown.has(key)) return [];
    shown.add(key);
    return [
      {
        title: ref.description ?? 'a code the record does not describe',
        ...(page && { slug: page.slug }),
        ...links(ref),
        ...(page?.membersKnown && { member: false }),
        named: true,
      },
    ];
  });
  return [...members, ...others];
}

function links(ref: { url?: string; href?: string } | undefined): { url?: string; href?: string } {
  return {
    ...(ref?.url !== undefined && { url: ref.url }),
    ...(ref?.href !== undefined && { href: ref.href }),
  };
}
