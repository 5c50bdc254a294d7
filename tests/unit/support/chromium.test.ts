// The tests' browser: Chromium's headless shell with the features the tests turn off added to the
// list Playwright turns off, not put in its place (Chromium reads only the last --disable-features).
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { chromium, type Browser } from 'playwright';
import { childrenOf } from '../../bench/process-stats.ts';
import { HEADLESS_SHELL_PATH, launchChromium, TEST_DISABLED_FEATURES } from '../../support/chromium.ts';

const browsers: Browser[] = [];
after(() => Promise.all(browsers.map((browser) => browser.close())));

/** The command lines of this process's children, as the kernel has them. */
function childCommandLines(): string[][] {
  const lines: string[][] = [];
  for (const pid of childrenOf(process.pid)) {
    try {
      lines.push(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean));
    } catch {
      // A process that ended while it was read is none of this test's.
    }
  }
  return lines;
}

/** Each --disable-features switch of the browser `start` starts, split into its features. */
async function disabledFeatureSwitches(start: () => Promise<Browser>): Promise<string[][]> {
  const before = new Set(childCommandLines().map((line) => line.join(' ')));
  browsers.push(await start());
  const started = childCommandLines().filter((line) => !before.has(line.join(' ')));
  assert.equal(started.length, 1, 'one browser process started');
  return started[0]!
    .filter((arg) => arg.startsWith('--disable-features='))
    .map((arg) => arg.slice('--disable-features='.length).split(','));
}

test("the tests' browser turns off its features beside Playwright's own, in the one switch Chromium reads", async () => {
  const plain = await disabledFeatureSwitches(() =>
    chromium.launch({ executablePath: HEADLESS_SHELL_PATH, headless: true }),
  );
  assert.equal(plain.length, 1, "Playwright's own list");
  const tests = await disabledFeatureSwitches(() => launchChromium());
  assert.equal(tests.length, 1, 'one --disable-features, so that Chromium reads all of it');
  for (const feature of [...plain[0]!, ...TEST_DISABLED_FEATURES])
    assert.ok(tests[0]!.includes(feature), feature);
  const page = await browsers.at(-1)!.newPage();
  await page.goto('data:text/html,<title>started</title>');
  assert.equal(await page.title(), 'started');
});
