// One way to start Chromium for every browser test and the benchmark: Debian's builds, headless,
// and with the background networking switched off (offline, as on a CI runner, Chromium would
// keep trying). Playwright gives each launch a fresh temporary profile of its own.
//
// The browser tests drive Debian's headless shell of Chromium (chromium-headless-shell): the same
// engine without the browser's window and its compositing, which Playwright itself runs for
// headless tests. A new context with a page costs about a third of the CPU it costs in the full
// browser (docs/testing.md), and the browser tests open hundreds. The benchmark drives the full
// browser, as readers run it.
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

/** Starts the browser at `executablePath`: the headless shell unless told otherwise. */
export function launchChromium(executablePath: string = HEADLESS_SHELL_PATH): Promise<Browser> {
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}
