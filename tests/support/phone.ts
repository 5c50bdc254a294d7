// A phone's screen (390 × 844 CSS pixels) and what a page must not do on it: scroll sideways, or
// draw anything past the screen's edge outside a box of its own that scrolls.
import type { Page } from 'playwright';

export const PHONE = { width: 390, height: 844 };

export interface SidewaysOverflow {
  /** The document's width: over the screen's, the page scrolls sideways. */
  scrollWidth: number;
  /** Up to three elements drawn past the screen's right edge, not inside a box that scrolls. */
  cutOff: string[];
}

/** What of the page in `page` (shown on a phone's screen) is wider than the screen. */
export function sidewaysOverflow(page: Page): Promise<SidewaysOverflow> {
  return page.evaluate(() => {
    const inScrollingBox = (element: Element): boolean => {
      for (let up = element.parentElement; up; up = up.parentElement) {
        if (['auto', 'scroll'].includes(getComputedStyle(up).overflowX)) return true;
      }
      return false;
    };
    const cut = [...document.querySelectorAll('body *')].filter(
      (element) =>
        element.checkVisibility() &&
        element.getBoundingClientRect().right > window.innerWidth + 0.5 &&
        !inScrollingBox(element),
    );
    return {
      scrollWidth: document.documentElement.scrollWidth,
      cutOff: cut.slice(0, 3).map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
    };
  });
}

/**
 * Those of the elements `selector` finds on `page` (shown on a phone's screen) that are not wholly
 * on screen: past the screen's left or right edge, or past the edge of a box they scroll in.
 */
export function offScreen(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    // Two pixels of grace: a glyph's ink may start a pixel before its text's own origin ("T").
    const seen = (element: Element): boolean => {
      const rect = element.getBoundingClientRect();
      if (rect.left < -2 || rect.right > window.innerWidth + 2) return false;
      for (let up = element.parentElement; up; up = up.parentElement) {
        if (!['auto', 'scroll', 'hidden'].includes(getComputedStyle(up).overflowX)) continue;
        const box = up.getBoundingClientRect();
        if (rect.left < box.left - 2 || rect.right > box.right + 2) return false;
      }
      return true;
    };
    return [...document.querySelectorAll(selector)]
      .filter((element) => element.checkVisibility() && !seen(element))
      .map((element) => (element.textContent ?? '').trim() || element.tagName.toLowerCase());
  }, selector);
}
