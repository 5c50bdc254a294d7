import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { request } from 'undici';

const script = fileURLToPath(new URL('../../scripts/sample-api.ts', import.meta.url));

function run(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [script, ...args], (_error, stdout, stderr) =>
      resolve({ status: child.exitCode, stdout, stderr }),
    );
  });
}

test('--help lists the flags with their defaults', async () => {
  const result = await run(['--help']);
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

test('a bad flag or value is one clear line on stderr and exit code 2', async () => {
  const cases = [['--bogus'], ['--orgs', 'many'], ['--codes', 'xml'], ['--error-rate', '2']];
  const results = await Promise.all(cases.map(run));
  for (const [index, result] of results.entries()) {
    assert.equal(result.status, 2, cases[index]?.join(' '));
    assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr);
    assert.match(result.stderr, /^sample-api: /);
  }
});

test('it prints its base URL and key, serves, and closes cleanly on SIGTERM', async () => {
  const child = spawn(process.execPath, [script, '--port', '0', '--orgs', '50', '--key', 'k1'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8');
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
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
  const [code] = await once(child, 'exit');
  assert.equal(code, 0);
});
