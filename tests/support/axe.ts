// axe's verdict on a page as it is now, for the browser tests that hold pages to WCAG 2.2 AA.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright';

/**
 * One line per rule violated, with the first element it names. No preload: axe would fetch the
 * shared stylesheet with XHR, which the pages' policy forbids (quality-accessibility.test.ts says
 * why that costs no rule). axe runs part of its work in a page of its own, opened in the context
 * of the page tested.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .options({ preload: false })
    .analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ')}`);
}
