import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { request } from 'undici';
import { runChild, startChild } from '../../support/child-process.ts';

const script = fileURLToPath(new URL('../../../scripts/sample-api.ts', import.meta.url));

test('--blank-share without --blank-field, or a share out of range, is a usage error', async (t) => {
  for (const args of [
    ['--blank-share', '0.5'],
    ['--drop-share', '1.5'],
    ['--edition', '0'],
  ]) {
    const result = await runChild(t, process.execPath, [script, ...args]);
    assert.equal(result.code, 2, args.join(' '));
    assert.match(result.stderr, /^sample-api: /);
  }
});

test('--edition and a bad night on the command line: the edition is announced and the list is empty', async (t) => {
  const args = ['--port', '0', '--orgs', '60', '--edition', '2', '--empty-list', 'housingBodies'];
  const { child, finished } = startChild(t, process.execPath, [script, ...args]);
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
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
  assert.equal((await finished).code, 0);
});
