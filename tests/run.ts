// `npm test`: the lint and the unit tests side by side, then the browser tests.
//
// The lint's four tools (eslint, prettier, tsc, knip) each run on one core, one after another,
// about 80 CPU-seconds in all; the unit tests run in one process per core (tests/unit/run.ts). One
// after the other, a core stood idle while the lint ran. Side by side, the three processes share
// both cores and the two end about a minute sooner. The browser tests start once both have passed,
// as before: a lint error or a failing unit test stops the run there.
import { runMarked } from './support/marked-run.ts';

/** Runs `npm run <script>`, each line of its report marked with `mark` when one is given. */
const runScript = (script: string, mark?: string) => runMarked('npm', ['run', '--silent', script], mark);

const [lint, unit] = await Promise.all([runScript('lint', '[lint]'), runScript('test:unit')]);
if (lint !== 0 || unit !== 0) {
  const failed = [lint !== 0 ? 'the lint' : '', unit !== 0 ? 'the unit tests' : ''].filter(Boolean);
  console.log(`test: ${failed.join(' and ')} failed; the browser tests were not run`);
  process.exitCode = 1;
} else {
  process.exitCode = await runScript('test:e2e');
}
