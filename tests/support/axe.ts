// axe's verdict on a page as it is now, for the browser tests that hold pages to WCAG 2.2 AA.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright';

/** The rules of WCAG 2.2 at levels A and AA, by axe's tags. */
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/**
 * axe's results for WCAG 2.2 AA. No preload: axe would fetch the shared stylesheet with XHR, which
 * the pages' policy forbids (quality-accessibility.test.ts says why that costs no rule). Legacy
 * mode: axe runs whole inside the page tested, rather than in parts gathered into a blank page of
 * their own. The two differ only for pages with frames, which no page of the site has
 * (quality-hostile.test.ts refuses any), and this one takes about half the time. Only the
 * violations are gathered whole: the other kinds (passes, incomplete, inapplicable) name one
 * element each at most, which every caller ignores, and gathering them all costs more than the
 * rules themselves on a long page.
 */
export function axeResults(page: Page): Promise<AxeResults> {
  return new AxeBuilder({ page })
    .withTags(WCAG_22_AA)
    .options({ preload: false, resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
}

/** One line per rule violated, with the first element it names. */
export async function axeViolations(page: Page): Promise<string[]> {
  return (await axeResults(page)).violations.map(
    (violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ')}`,
  );
}
