import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  numberDigits,
  orgIdentifiers,
  registerKindOf,
  registrationNumbers,
} from '../../../src/lib/identifiers.ts';

const CRA = { regulatorName: 'Charities Regulatory Authority', regulatorDesc: 'CRA' };
const CRO = { regulatorName: 'Companies Registration Office', regulatorDesc: 'CRO' };
const REVENUE = { regulatorName: 'Revenue Commissioners', regulatorDesc: 'Revenue' };

test('the Charities Regulator number gives IE-CHY, the CRO number IE-CRO', () => {
  assert.deepEqual(
    orgIdentifiers([
      { ...CRA, regulatorNumber: '20000028' },
      { ...CRO, regulatorNumber: '123456' },
    ]),
    [
      { scheme: 'IE-CHY', identifier: 'IE-CHY-20000028' },
      { scheme: 'IE-CRO', identifier: 'IE-CRO-123456' },
    ],
  );
});

test("Revenue's CHY number is matched but is no org-id identifier", () => {
  const regulators = [{ ...REVENUE, regulatorNumber: 'CHY 12345' }];
  assert.deepEqual(orgIdentifiers(regulators), []);
  assert.deepEqual(registrationNumbers(regulators), [{ kind: 'chy', number: '12345' }]);
});

test('text markers and empty numbers give no identifier', () => {
  for (const number of ['Not Applicable', 'N/A', 'Pending', '', '   ', '0000']) {
    assert.deepEqual(
      orgIdentifiers([
        { ...CRA, regulatorNumber: number },
        { ...CRO, regulatorNumber: number },
      ]),
      [],
      number,
    );
  }
  assert.deepEqual(orgIdentifiers([CRA]), []);
});

test('the register is known by its abbreviation or, failing that, by its name', () => {
  assert.equal(registerKindOf({ regulatorDesc: 'cra' }), 'charity');
  assert.equal(registerKindOf({ regulatorName: 'The Charities Regulator' }), 'charity');
  assert.equal(registerKindOf({ regulatorName: 'Companies Registration Office' }), 'company');
  assert.equal(registerKindOf({ regulatorDesc: 'Revenue' }), 'chy');
  assert.equal(
    registerKindOf({ regulatorDesc: 'AHBRA', regulatorName: 'Approved Housing Bodies Regulatory Authority' }),
    undefined,
  );
  assert.equal(registerKindOf({ regulatorDesc: 'DE', regulatorName: 'Department of Education' }), undefined);
  assert.deepEqual(orgIdentifiers([{ regulatorDesc: 'AHBRA', regulatorNumber: 'P0123' }]), []);
});

test('numbers are compared as digits without spaces, prefixes or leading zeros', () => {
  assert.equal(numberDigits('chy', 'CHY 12345'), '12345');
  assert.equal(numberDigits('chy', 'CHY12345'), '12345');
  assert.equal(numberDigits('chy', '012345'), '12345');
  assert.equal(numberDigits('company', ' 0123456 '), '123456');
  assert.equal(numberDigits('charity', '20 000 028'), '20000028');
  assert.equal(numberDigits('charity', 'CHY 12345'), undefined, 'a CHY number is not a charity number');
  assert.equal(numberDigits('company', '12345A'), undefined);
});

test('a number given twice by one register counts once', () => {
  assert.deepEqual(
    orgIdentifiers([
      { ...CRO, regulatorNumber: '123456' },
      { ...CRO, regulatorNumber: '0123456' },
    ]),
    [{ scheme: 'IE-CRO', identifier: 'IE-CRO-123456' }],
  );
});
