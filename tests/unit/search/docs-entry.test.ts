// The docs files: what a result card shows of each organisation, as the index holds it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SearchDisplay } from '../../../src/search/format/fields.ts';
import { displayOf, docsEntry } from '../../../src/search/format/parts.ts';

const labels = ['Registered Charity (CRA)', 'Tax-efficient gifts (CHY)', 'Approved Housing Body (AHB)'];

const display: SearchDisplay = {
  href: 'org/20000001.html',
  name: 'Galway Community Circus',
  altNames: ['GCC', 'Circus Galway'],
  registeredAddress: 'Unit 5, Galway',
  county: 'Galway',
  sectorName: 'Arts, Culture, Heritage',
  subSectorName: 'Arts',
  number: 'RCN 20000001',
  status: [labels[1]!, labels[0]!],
  income: '€1,234,567',
  incomeYear: 2024,
  goneSince: '',
};

test('a card survives the docs file: every field in place, statuses by their option numbers', () => {
  const entry = docsEntry(display, (label) => labels.indexOf(label));
  assert.deepEqual(entry[8], [1, 0]);
  assert.deepEqual(
    displayOf(entry, (option) => labels[option]!),
    display,
  );
  // Held as JSON in the file: what is read back is what was written.
  const read = JSON.parse(JSON.stringify(entry)) as typeof entry;
  assert.deepEqual(
    displayOf(read, (option) => labels[option]!),
    display,
  );
});

test('a status given twice is held once, and one no longer on the register keeps its date', () => {
  const gone = {
    ...display,
    status: [labels[0]!, labels[0]!],
    goneSince: '2026-11-20',
    income: '',
    incomeYear: 0,
  };
  const entry = docsEntry(gone, (label) => labels.indexOf(label));
  assert.deepEqual(entry[8], [0]);
  assert.deepEqual(
    displayOf(entry, (option) => labels[option]!),
    { ...gone, status: [labels[0]!] },
  );
});
