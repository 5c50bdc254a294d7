import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  organisationFile,
  voluntaryCodeIdProblem,
  voluntaryCodeMembersFile,
} from '../../../src/lib/data-layout.ts';

test('an organisation file is named by its lower-case GUID', () => {
  assert.equal(
    organisationFile('2E427CA3-B6C4-4801-B9F2-AD6C518B45E5'),
    'organisations/2e427ca3-b6c4-4801-b9f2-ad6c518b45e5.json',
  );
});

test('an id that is not a GUID never becomes a path', () => {
  for (const id of [
    '../../etc/passwd',
    '2e427ca3-b6c4-4801-b9f2-ad6c518b45e5/../x',
    '',
    'abc',
    '2e427ca3b6c44801b9f2ad6c518b45e5',
  ]) {
    assert.equal(organisationFile(id), undefined, id);
  }
});

test('the voluntary code ids of the real service are fine file names', () => {
  for (const id of ['GOVERNANCECODE', 'ICTR', 'SORP', 'Triple Lock', 'Dóchas-Code_2018']) {
    assert.equal(voluntaryCodeIdProblem(id), undefined, id);
    assert.equal(voluntaryCodeMembersFile(id), `voluntary-code-members/${id}.json`);
  }
});

test('voluntary code ids that could escape the folder or upset a file system are refused', () => {
  const cases: [string, RegExp][] = [
    ['../manifest', /separator/],
    ['a\\b', /separator/],
    ['..', /\.\./],
    ['a..b', /\.\./],
    ['.hidden', /dot/],
    ['tab\there', /control/],
    ['what?', /file systems/],
    ['x'.repeat(101), /longer/],
    ['', /empty/],
    ['trailing.', /ends/],
  ];
  for (const [id, problem] of cases) {
    assert.match(voluntaryCodeIdProblem(id) ?? '', problem, JSON.stringify(id));
    assert.equal(voluntaryCodeMembersFile(id), undefined);
  }
});
