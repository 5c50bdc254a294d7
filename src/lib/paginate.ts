// Long lists are split into pages a person can use, with numbered links between them.

export const PAGE_SIZE = 200;

/** How many pages `count` items fill; an empty list still has one page that says so. */
export function pageCount(count: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

/** The items of page `page` (from 1). */
export function pageItems<T>(items: readonly T[], page: number, pageSize = PAGE_SIZE): T[] {
  return items.slice((page - 1) * pageSize, page * pageSize);
}

/**
 * The page numbers to show around the current one: first, last, and two either side, with
 * `undefined` standing for a gap ("…"). Every page stays reachable in a few steps.
 */
export function pageNumbers(current: number, total: number): (number | undefined)[] {
  const shown = new Set([1, total]);
  for (let page = current - 2; page <= current + 2; page += 1) {
    if (page >= 1 && page <= total) shown.add(page);
  }
  const sorted = [...shown].sort((a, b) => a - b);
  const result: (number | undefined)[] = [];
  for (const page of sorted) {
    const previous = result.at(-1);
    if (previous !== undefined && page - previous === 2) result.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) result.push(undefined);
    result.push(page);
  }
  return result;
}
