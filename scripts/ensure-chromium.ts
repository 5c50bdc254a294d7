// Browser tests drive Debian's Chromium (no browser download works here). Install it when
// missing and we are root; otherwise say the one command that does.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { CHROMIUM_PATH } from '../src/bench/chromium.ts';

if (!existsSync(CHROMIUM_PATH)) {
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing at ${CHROMIUM_PATH}: run  sudo apt-get install -y chromium`);
    process.exit(1);
  }
  console.log('Installing Debian chromium for the browser tests…');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}
