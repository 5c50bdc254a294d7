// The lists the API answers, by the names orgdir keeps them under (also their file names in a
// data folder, src/lib/data-layout.ts).

/** The group lists fetched without a parameter, by operation name (also their file names). */
export const GROUP_LISTS = ['registeredCharities', 'taxEfficientGifts', 'housingBodies'] as const;
export type GroupList = (typeof GROUP_LISTS)[number];

/** Search results of organisations in no list (`--discover`): an array of SearchResult as the API sent them. */
export const DISCOVERED_LIST = 'discovered';

/** The paths of the group lists below the API's base URL, as the spec writes them (with or without a slash). */
export const GROUP_LIST_PATHS: Record<GroupList, string> = {
  registeredCharities: '/registeredCharities/',
  taxEfficientGifts: '/taxEfficientGifts',
  housingBodies: '/housingBodies/',
};

/** The path of `organisation` below the base URL, before the id. */
export const ORGANISATION_PATH = '/Organisation/';

/** The path of `voluntaryCodeMembers` below the base URL, before the code's id. */
export const VOLUNTARY_CODE_MEMBERS_PATH = '/VoluntaryCodeMembers/';
