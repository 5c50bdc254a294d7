// One way to start Chromium for every browser test and the benchmark: Debian's builds, headless,
// and with the background networking switched off (offline, as on a CI runner, Chromium would
// keep trying). Playwright gives each launch a fresh temporary profile of its own.
//
// The browser tests drive Debian's headless shell of Chromium (chromium-headless-shell): the same
// engine without the browser's window and its compositing, which Playwright itself runs for
// headless tests. A new context with a page costs about a third of the CPU it costs in the full
// browser (docs/testing.md), and the browser tests open hundreds. The benchmark drives the full
// browser, as readers run it.
//
// The tests' browser also keeps a page's process and its frame's host from one document to the next
// (RenderDocument and ProactivelySwapBrowsingInstance off): each navigation of a page then costs
// about a quarter less CPU, and a walk over every page of a site loads hundreds. Neither changes
// what a page does: they decide which of Chromium's processes draws it, and Playwright already turns
// off the back-forward cache that the swap serves.
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright';

/** Debian's Chromium, as readers run it: the benchmark's and Lighthouse's browser. */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** Debian's headless shell of the same Chromium: the browser tests' browser. */
export const HEADLESS_SHELL_PATH =
  process.env['CHROMIUM_HEADLESS_SHELL_PATH'] ?? '/usr/bin/chromium-headless-shell';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-domain-reliability',
  '--metrics-recording-only',
  '--no-pings',
];

/** Chromium's features the tests' browser turns off, beside those Playwright turns off itself. */
export const TEST_DISABLED_FEATURES = ['RenderDocument', 'ProactivelySwapBrowsingInstance'];

/** Starts Chromium with its --disable-features lists joined into one (see the script). */
const FEATURES_LAUNCHER = fileURLToPath(new URL('chromium-features.sh', import.meta.url));

/**
 * Starts the browser at `executablePath`: the headless shell unless told otherwise. The headless
 * shell, the tests' browser, with `TEST_DISABLED_FEATURES` off; any other, as readers run it.
 */
export function launchChromium(executablePath: string = HEADLESS_SHELL_PATH): Promise<Browser> {
  if (executablePath !== HEADLESS_SHELL_PATH)
    return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  return chromium.launch({
    executablePath: FEATURES_LAUNCHER,
    env: { ...process.env, ORGDIR_CHROMIUM: executablePath },
    headless: true,
    args: [...CHROMIUM_ARGS, `--disable-features=${TEST_DISABLED_FEATURES.join(',')}`],
  });
}
