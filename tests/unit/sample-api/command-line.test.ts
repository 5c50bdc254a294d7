// The sample API's flags, read through its schemas: only the faults and degradations given are
// passed on, a repeated --empty-list keeps each list, and the mistakes the tests of the command
// rely on keep their wording.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  SAMPLE_API_COMMAND_LINE,
  SAMPLE_API_DEGRADATIONS,
  SAMPLE_API_FAULTS,
} from '../../../src/sample-api/command-line.ts';
import { readFlags, readGivenSettings, readSettings } from '../../../src/lib/command-line.ts';

const SCHEMAS = [SAMPLE_API_COMMAND_LINE, SAMPLE_API_FAULTS, SAMPLE_API_DEGRADATIONS];

function flagsOf(argv: string[]) {
  const flags = readFlags(SCHEMAS, argv);
  assert.ok(flags.ok);
  return flags.value;
}

test('a repeated --empty-list empties each list, and only the faults given are passed on', () => {
  const flags = flagsOf(['--empty-list', 'housingBodies', '--error-rate', '0.1', '--empty-list', 'GOV']);
  assert.deepEqual(readGivenSettings(SAMPLE_API_DEGRADATIONS, flags, {}), {
    ok: true,
    value: { emptyLists: ['housingBodies', 'GOV'] },
  });
  assert.deepEqual(readGivenSettings(SAMPLE_API_FAULTS, flags, {}), { ok: true, value: { errorRate: 0.1 } });
});

test('without flags it serves 2000 organisations on port 8765 with the demo key', () => {
  const settings = readSettings(SAMPLE_API_COMMAND_LINE, {}, {});
  assert.deepEqual(settings, {
    ok: true,
    value: {
      port: 8765,
      host: '127.0.0.1',
      orgs: 2000,
      seed: 'orgdir',
      key: 'orgdir-demo-key',
      codes: 'objects',
      searchLimit: 500,
      searchWords: 'all',
      listShare: 0.43,
      edition: 1,
    },
  });
});

test('a port above 65535, a list share of 0 and a rate above 1 are refused in one sentence', () => {
  const problem = (argv: string[]) => {
    const flags = flagsOf(argv);
    const server = readSettings(SAMPLE_API_COMMAND_LINE, flags, {});
    if (!server.ok) return server.problem;
    const faults = readGivenSettings(SAMPLE_API_FAULTS, flags, {});
    return faults.ok ? undefined : faults.problem;
  };
  assert.equal(problem(['--port', '99999']), '--port must be 65535 or less (got "99999")');
  assert.equal(problem(['--list-share', '0']), '--list-share must be above 0 (got "0")');
  assert.equal(problem(['--error-rate', '2']), '--error-rate must be at most 1, not 2');
  assert.equal(problem(['--max-concurrent', '0']), '--max-concurrent must be at least 1, not 0');
});
