// Settings read through zod schemas: flags and variables into checked values, mistakes into one
// sentence naming the setting as it was given, and --help from the same documentation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import {
  checkSettings,
  environmentHelp,
  flagsHelp,
  optionDocs,
  readFlags,
  readGivenSettings,
  readSettings,
} from '../../../src/lib/command-line.ts';

const SETTINGS = z.object({
  workers: z.int().min(1).default(2).register(optionDocs, {
    flag: 'workers',
    env: 'TEST_WORKERS',
    placeholder: 'N',
    description: 'Workers.',
  }),
  pauseMs: z
    .number()
    .min(5)
    .default(1500)
    .register(optionDocs, { flag: 'pause', placeholder: 'S', unit: 'seconds', description: 'Pause.' }),
  colour: z.boolean().default(true).register(optionDocs, { flag: 'colour', description: 'Colour.' }),
  mode: z
    .enum(['fast', 'slow'])
    .default('fast')
    .register(optionDocs, { flag: 'mode', placeholder: 'M', description: 'Mode.' }),
  token: z.string().optional().register(optionDocs, { env: 'TEST_TOKEN', description: 'The token.' }),
  tags: z
    .array(z.string().min(1))
    .optional()
    .register(optionDocs, { flag: 'tag', placeholder: 'T', description: 'Tags.' }),
});

test('flags come from the schema: a switch takes --no-, a value flag needs its value, others are refused', () => {
  const flags = readFlags([SETTINGS], ['--workers', '3', '--no-colour']);
  assert.ok(flags.ok);
  assert.deepEqual({ ...flags.value }, { workers: '3', colour: false });
  const help = readFlags([SETTINGS], ['-h']);
  assert.ok(help.ok);
  assert.equal(help.value['help'], true);
  for (const [argv, problem] of [
    [['--token', 'x'], /Unknown option '--token'/],
    [['--workers'], /'--workers <value>' argument missing/],
    [['--colour=yes'], /--colour/],
  ] as const) {
    const reading = readFlags([SETTINGS], argv);
    assert.equal(reading.ok, false);
    assert.match(reading.ok ? '' : reading.problem, problem);
  }
});

test('a repeatable flag gives each of its values in order, checked one by one', () => {
  const flags = readFlags([SETTINGS], ['--tag', 'a', '--workers', '3', '--tag', 'b']);
  assert.ok(flags.ok);
  assert.deepEqual(flags.value['tag'], ['a', 'b']);
  const settings = readSettings(SETTINGS, flags.value, {});
  assert.ok(settings.ok);
  assert.deepEqual(settings.value.tags, ['a', 'b']);
  assert.deepEqual(readGivenSettings(SETTINGS, { tag: ['c'] }, {}), { ok: true, value: { tags: ['c'] } });
  const once = readFlags([SETTINGS], ['--tag', 'a']);
  assert.deepEqual(once.ok ? once.value['tag'] : undefined, ['a']);
  const empty = readSettings(SETTINGS, { tag: ['a', ''] }, {});
  assert.equal(empty.ok, false);
});

test('a flag wins over its variable; numbers are read, seconds kept in milliseconds; defaults fill the rest', () => {
  const env = { TEST_WORKERS: '5', TEST_TOKEN: ' t0k ' };
  assert.deepEqual(readSettings(SETTINGS, { workers: '3', pause: '0.25' }, env), {
    ok: true,
    value: { workers: 3, pauseMs: 250, colour: true, mode: 'fast', token: 't0k' },
  });
  assert.deepEqual(readGivenSettings(SETTINGS, {}, env), { ok: true, value: { workers: 5, token: 't0k' } });
  assert.deepEqual(readGivenSettings(SETTINGS, {}, { TEST_WORKERS: ' ' }), { ok: true, value: {} });
});

test('a mistake names the flag or the variable it came from, and shows the value as it was written', () => {
  const problem = (flags: Record<string, string>, env: NodeJS.ProcessEnv = {}) => {
    const reading = readSettings(SETTINGS, flags, env);
    return reading.ok ? undefined : reading.problem;
  };
  assert.equal(problem({ workers: '0' }), '--workers must be at least 1, not 0');
  assert.equal(problem({}, { TEST_WORKERS: '1.5' }), 'TEST_WORKERS must be a whole number, not "1.5"');
  assert.equal(problem({ workers: '' }), '--workers must be a number, not ""');
  assert.equal(problem({ pause: '0.001' }), '--pause must be at least 0.005, not 0.001');
  assert.equal(problem({ mode: 'loud' }), '--mode must be one of fast, slow');
  const given = readGivenSettings(SETTINGS, { workers: 'many' }, {});
  assert.deepEqual(given, { ok: false, problem: '--workers must be a number, not "many"' });
});

test("settings a program gives are checked in the schema's units, and shown in the flag's", () => {
  assert.deepEqual(checkSettings(SETTINGS, { pauseMs: 2 }), {
    ok: false,
    problem: '--pause must be at least 0.005, not 0.002',
  });
  assert.deepEqual(checkSettings(SETTINGS, { colour: 'yes' }), {
    ok: false,
    problem: '--colour must be true or false',
  });
  const checked = checkSettings(SETTINGS, { workers: 4 });
  assert.ok(checked.ok);
  assert.equal(checked.value.pauseMs, 1500);
});

test('--help shows each flag with its value, its variable, its description and its default in its unit', () => {
  assert.deepEqual(flagsHelp(SETTINGS), [
    '  --workers N [env TEST_WORKERS]',
    '      Workers. (default 2)',
    '  --pause S',
    '      Pause. (default 1.5 s)',
    '  --colour',
    '      Colour. (default on; --no-colour turns it off)',
    '  --mode M',
    '      Mode. (default fast)',
    '  --tag T',
    '      Tags. (repeatable)',
  ]);
  assert.deepEqual(environmentHelp(SETTINGS), ['  TEST_TOKEN', '      The token.']);
});
