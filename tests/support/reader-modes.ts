// The four ways a reader meets a built site that the browser tests of readers' tasks go through:
// opened from disk (file://) or from a web server, on a wide screen or a phone's. A test loops over
// them, one test each, so a task fails by name in the mode it fails in.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Browser } from 'playwright';
import { openPage } from './page-watch.ts';
import { PHONE } from './phone.ts';

/** A desktop browser's window. */
export const WIDE = { width: 1280, height: 900 };

export interface ReaderMode {
  where: 'file://' | 'HTTP';
  screen: 'a wide screen' | 'a phone';
  viewport: { width: number; height: number };
  /** The site's root URL, ending with "/": read when the test runs, once the site is built and served. */
  root: () => string;
  /** "from file:// on a phone", for test names. */
  name: string;
}

/** Each of the four modes for a site whose root is `fileRoot()` from disk and `httpRoot()` served. */
export function readerModes(fileRoot: () => string, httpRoot: () => string): ReaderMode[] {
  const roots = [
    ['file://', fileRoot],
    ['HTTP', httpRoot],
  ] as const;
  const screens = [
    ['a wide screen', WIDE],
    ['a phone', PHONE],
  ] as const;
  return roots.flatMap(([where, root]) =>
    screens.map(([screen, viewport]) => ({
      where,
      screen,
      viewport,
      root,
      name: `from ${where} on ${screen}`,
    })),
  );
}

/**
 * One test per mode: a site built from the data folder `data()`, whose manifest names an API on
 * this machine that did not mark its answers as made up, says nothing of sample data on any of
 * `paths` (each with one h1 and nothing refused or broken): only the sample API's own mark may
 * bring the sample banner.
 */
export function saysNothingOfSampleData(
  what: string,
  modes: ReaderMode[],
  at: () => { browser: Browser; data: string; paths: string[] },
): void {
  for (const { name, root, viewport } of modes) {
    test(`${name}: ${what} says nothing of sample data`, async () => {
      const { browser, data, paths } = at();
      const manifest = JSON.parse(readFileSync(join(data, 'manifest.json'), 'utf8')) as Record<
        string,
        unknown
      >;
      assert.match(String(manifest['apiUrl']), /^http:\/\/127\.0\.0\.1:/);
      assert.equal('sampleData' in manifest, false);
      const context = await browser.newContext({ viewport });
      for (const path of paths) {
        const { page, problems } = await openPage(context, `${root()}${path}`);
        assert.equal(await page.locator('h1').count(), 1, path);
        assert.doesNotMatch(await page.locator('body').innerText(), /sample data/i, path);
        assert.deepEqual(problems, [], path);
      }
      await context.close();
    });
  }
}
