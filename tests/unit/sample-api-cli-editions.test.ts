import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { request } from 'undici';

const script = fileURLToPath(new URL('../../scripts/sample-api.ts', import.meta.url));

test('--blank-share without --blank-field, or a share out of range, is a usage error', async () => {
  for (const args of [
    ['--blank-share', '0.5'],
    ['--drop-share', '1.5'],
    ['--edition', '0'],
  ]) {
    const result = await new Promise<{ status: number | null; stderr: string }>((resolve) => {
      const child = execFile(process.execPath, [script, ...args], (_error, _stdout, stderr) =>
        resolve({ status: child.exitCode, stderr }),
      );
    });
    assert.equal(result.status, 2, args.join(' '));
    assert.match(result.stderr, /^sample-api: /);
  }
});

test('--edition and a bad night on the command line: the edition is announced and the list is empty', async () => {
  const args = ['--port', '0', '--orgs', '60', '--edition', '2', '--empty-list', 'housingBodies'];
  const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.setEncoding('utf8');
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
      const match = /Sample API: (\S+)/.exec(output);
      if (match?.[1] !== undefined && output.includes('Statistics')) resolve(match[1]);
    });
    child.once('exit', () => reject(new Error(`exited early: ${output}`)));
  });
  assert.match(output, /edition 2/);
  assert.match(output, /Degradations: emptyLists=housingBodies/);
  const response = await request(`${baseUrl}/housingBodies/`, {
    headers: { 'Ocp-Apim-Subscription-Key': 'orgdir-demo-key' },
  });
  assert.deepEqual(await response.body.json(), []);
  child.kill('SIGTERM');
  const [code] = await once(child, 'exit');
  assert.equal(code, 0);
});
