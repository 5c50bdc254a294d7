// The tests need three Debian packages: Chromium's headless shell drives the browser tests and the
// full Chromium the benchmark's searches (no browser download works here), and strace counts from
// outside how often the site build opens each record file. Run before `npm test` and
// `npm run bench` (package.json's pretest and prebench), so that a benchmark does not crawl and build for minutes only to find no browser.
// Install what is missing when we are root; otherwise say the one command that does.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { CHROMIUM_PATH, HEADLESS_SHELL_PATH } from '../tests/support/chromium.ts';

const onPath = (command: string) =>
  (process.env['PATH'] ?? '').split(':').some((dir) => dir !== '' && existsSync(`${dir}/${command}`));

const missing = [
  ...(existsSync(CHROMIUM_PATH) ? [] : ['chromium']),
  ...(existsSync(HEADLESS_SHELL_PATH) ? [] : ['chromium-headless-shell']),
  ...['strace'].filter((command) => !onPath(command)),
];
if (missing.length > 0) {
  if (process.getuid?.() !== 0) {
    console.error(
      `The tests need ${missing.join(' and ')}: run  sudo apt-get install -y ${missing.join(' ')}`,
    );
    process.exit(1);
  }
  console.log(`Installing Debian's ${missing.join(' and ')} for the tests…`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}
