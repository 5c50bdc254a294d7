import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  numberDigits,
  orgIdentifiers,
  registerKindOf,
  registrationNumbers,
} from '../../src/lib/identifiers.ts';

const CRA = { name: 'Charities Regulatory Authority', abbreviation: 'CRA' };
const CRO = { name: 'Companies Registration Office', abbreviation: 'CRO' };
const REVENUE = { name: 'Revenue Commissioners', abbreviation: 'Revenue' };

test('the Charities Regulator number gives IE-CHY, the CRO number IE-CRO', () => {
  assert.deepEqual(
    orgIdentifiers([
      { ...CRA, number: '20000028' },
      { ...CRO, number: '123456' },
    ]),
    [
      { scheme: 'IE-CHY', identifier: 'IE-CHY-20000028' },
      { scheme: 'IE-CRO', identifier: 'IE-CRO-123456' },
    ],
  );
});

test("Revenue's CHY number is matched but is no org-id identifier", () => {
  const regulators = [{ ...REVENUE, number: 'CHY 12345' }];
  assert.deepEqual(orgIdentifiers(regulators), []);
  assert.deepEqual(registrationNumbers(regulators), [{ kind: 'chy', number: '12345' }]);
});

test('text markers and empty numbers give no identifier', () => {
  for (const number of ['Not Applicable', 'N/A', 'Pending', '', '   ', '0000']) {
    assert.deepEqual(
      orgIdentifiers([
        { ...CRA, number },
        { ...CRO, number },
      ]),
      [],
      number,
    );
  }
  assert.deepEqual(orgIdentifiers([CRA]), []);
});

test('the register is known by its abbreviation or, failing that, by its name', () => {
  assert.equal(registerKindOf({ abbreviation: 'cra' }), 'charity');
  assert.equal(registerKindOf({ name: 'The Charities Regulator' }), 'charity');
  assert.equal(registerKindOf({ name: 'Companies Registration Office' }), 'company');
  assert.equal(registerKindOf({ abbreviation: 'Revenue' }), 'chy');
  assert.equal(
    registerKindOf({ abbreviation: 'AHBRA', name: 'Approved Housing Bodies Regulatory Authority' }),
    undefined,
  );
  assert.equal(registerKindOf({ abbreviation: 'DE', name: 'Department of Education' }), undefined);
  assert.deepEqual(orgIdentifiers([{ abbreviation: 'AHBRA', number: 'P0123' }]), []);
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
      { ...CRO, number: '123456' },
      { ...CRO, number: '0123456' },
    ]),
    [{ scheme: 'IE-CRO', identifier: 'IE-CRO-123456' }],
  );
});
