// A Chromium page that records everything that went wrong or left the site while a test used it:
// console errors and warnings, uncaught errors, failed requests, HTTP errors, requests to anywhere
// but the site (file:// or the test server's origin), Content-Security-Policy violations, and any
// script that opened a dialog or called alert, confirm or prompt (the hostile-data tests rely on it).
import type { Browser, BrowserContext, Page } from 'playwright';

export interface WatchedPage {
  page: Page;
  /** What went wrong, one line each; a test asserts it stays empty. */
  problems: string[];
}

/** The origin a page's requests must stay on: "file:" for a page opened from disk. */
export function originOf(url: string): string {
  return url.startsWith('file:') ? 'file:' : new URL(url).origin;
}

/** Starts recording on `page`; call before the first navigation. */
export async function watchPage(page: Page, origin: string): Promise<string[]> {
  const problems: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(
        `Content-Security-Policy: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sample})`,
      ),
    );
    // A payload that calls one of these has run; the dialog itself is never shown.
    for (const name of ['alert', 'confirm', 'prompt', 'print'] as const) {
      Object.defineProperty(window, name, {
        configurable: false,
        value: (...args: unknown[]) => console.error(`script ran: ${name}(${args.map(String).join(', ')})`),
      });
    }
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.type()} ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('requestfailed', (request) => {
    // A request cut short by the next navigation (the favicon, say) is not a failure of the site.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED')
      problems.push(`failed: ${request.url()} (${request.failure()?.errorText})`);
  });
  page.on('request', (request) => {
    // A blob: URL of the page's own origin holds what the page made itself (the list matcher's worker).
    const target = request
      .url()
      .replace(/^blob:(null\/)?/, (_all, opaque?: string) => (opaque ? 'file:' : ''));
    if (!(origin === 'file:' ? target.startsWith('file:') : target.startsWith(`${origin}/`)))
      problems.push(`left the site: ${target}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return problems;
}

/** Opens `url` in a new page of `browser` (or of a context of it), watched from the start. */
export async function openPage(
  browser: Browser | BrowserContext,
  url: string,
  waitUntil: 'load' | 'domcontentloaded' | 'commit' = 'load',
): Promise<WatchedPage> {
  const page = await browser.newPage();
  const problems = await watchPage(page, originOf(url));
  await page.goto(url, { waitUntil });
  return { page, problems };
}
