import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { test, type TestContext } from 'node:test';
import { request } from 'undici';
import { runChild, startChild } from '../../support/child-process.ts';

const script = fileURLToPath(new URL('../../../scripts/sample-api.ts', import.meta.url));

async function run(t: TestContext, args: string[]) {
  const { code, stdout, stderr } = await runChild(t, process.execPath, [script, ...args]);
  return { status: code, stdout, stderr };
}

test('--help lists the flags with their defaults', async (t) => {
  const result = await run(t, ['--help']);
  assert.equal(result.status, 0);
  for (const flag of [
    '--port',
    '--orgs',
    '--seed',
    '--key',
    '--codes',
    '--error-rate',
    '--quota',
    '--fault-seed',
  ]) {
    assert.ok(result.stdout.includes(flag), flag);
  }
  assert.match(result.stdout, /default orgdir-demo-key/);
});

test('a bad flag or value is one clear line on stderr and exit code 2', async (t) => {
  const cases = [['--bogus'], ['--orgs', 'many'], ['--codes', 'xml'], ['--error-rate', '2']];
  const results = await Promise.all(cases.map((args) => run(t, args)));
  for (const [index, result] of results.entries()) {
    assert.equal(result.status, 2, cases[index]?.join(' '));
    assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr);
    assert.match(result.stderr, /^sample-api: /);
  }
});

test('it prints its base URL and key, serves, and closes cleanly on SIGTERM', async (t) => {
  const { child, finished } = startChild(t, process.execPath, [
    script,
    '--port',
    '0',
    '--orgs',
    '50',
    '--key',
    'k1',
  ]);
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Sample API: (\S+)/.exec(output);
      if (match?.[1] !== undefined && output.includes('Subscription key')) resolve(match[1]);
    });
    child.once('exit', () => reject(new Error(`exited early: ${output}`)));
  });
  assert.match(output, /Subscription key \(header Ocp-Apim-Subscription-Key\): k1/);
  const response = await request(`${baseUrl}/registeredCharities/`, {
    headers: { 'Ocp-Apim-Subscription-Key': 'k1' },
  });
  assert.equal(response.statusCode, 200);
  assert.ok(Array.isArray(await response.body.json()));
  child.kill('SIGTERM');
  assert.equal((await finished).code, 0);
});
