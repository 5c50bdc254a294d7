// One way to start Chromium for every browser test: Debian's build, headless, and with the
// background networking switched off (offline, as on a CI runner, Chromium would keep trying).
// The benchmark and the browser tests both start it from here.
// Playwright gives each launch a fresh temporary profile of its own.
import { chromium, type Browser } from 'playwright';

export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

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

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}
