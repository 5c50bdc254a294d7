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
