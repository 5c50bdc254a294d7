// The lists the API answers, by the names orgdir keeps them under (also their file names in a
// data folder, src/lib/data-layout.ts).

/** The group lists fetched without a parameter, by operation name (also their file names). */
export const GROUP_LISTS = ['registeredCharities', 'taxEfficientGifts', 'housingBodies'] as const;
export type GroupList = (typeof GROUP_LISTS)[number];

/** Search results of organisations in no list (`--discover`): an array of SearchResult as the API sent them. */
export const DISCOVERED_LIST = 'discovered';
