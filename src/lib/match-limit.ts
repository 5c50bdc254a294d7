// How long a list the list matcher takes at a time: its page states it, its worker holds to it.

/** The most rows or lines matched at a time: what a browser matches within half a minute. */
export const MAX_LIST_ROWS = 100_000;
