import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatBytes, parseSize } from '../../../src/lib/bytes.ts';

test('file sizes read in decimal units', () => {
  assert.equal(formatBytes(999), '999 bytes');
  assert.equal(formatBytes(1500), '1.5 kB');
  assert.equal(formatBytes(222_601_195), '223 MB');
});

test('sizes read as a publisher writes them', () => {
  assert.equal(parseSize('1GB'), 1_000_000_000);
  assert.equal(parseSize('500 MB'), 500_000_000);
  assert.equal(parseSize('1.5gb'), 1_500_000_000);
  assert.equal(parseSize('750MiB'), 750 * 1024 * 1024);
  assert.equal(parseSize('1234'), 1234);
  for (const bad of ['', 'lots', '-1GB', '0', '1 TB']) assert.throws(() => parseSize(bad), RangeError, bad);
  assert.equal(formatBytes(25 * 1024 * 1024, 'limit'), '25 MiB');
  assert.equal(formatBytes(492_100_000, 'limit'), '492.1 MB');
  assert.equal(formatBytes(999, 'limit'), '999 B');
});

test('a size beside a limit reads as hosts write limits: no ".0", MiB only for a whole number of them', () => {
  assert.equal(formatBytes(1_000_000_000, 'limit'), '1 GB');
  assert.equal(formatBytes(1_200_000_000, 'limit'), '1.2 GB');
  assert.equal(formatBytes(2 * 1024 * 1024, 'limit'), '2 MiB');
  assert.equal(formatBytes(2 * 1024 * 1024 + 1, 'limit'), '2.1 MB');
  // The same sizes as a reader sees them beside a download.
  assert.equal(formatBytes(1_000_000_000), '1.0 GB');
  assert.equal(formatBytes(2 * 1024 * 1024), '2.1 MB');
});
