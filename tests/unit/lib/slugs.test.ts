import { test } from 'node:test';
import assert from 'node:assert/strict';
import { slugify, uniqueSlugs } from '../../../src/lib/slugs.ts';
import { countyKey } from '../../../src/lib/counties.ts';
import { pageCount, pageItems, pageNumbers } from '../../../src/lib/paginate.ts';
import { pagedPath, organisationPath } from '../../../src/lib/routes.ts';
import { scriptSafeJson } from '../../../src/lib/json-ld.ts';

test('slugs are lower case, without accents, and safe in a file name', () => {
  assert.equal(slugify('GOVERNANCECODE'), 'governancecode');
  assert.equal(slugify('Dún Laoghaire–Rathdown'), 'dun-laoghaire-rathdown');
  assert.equal(slugify('../../etc/passwd'), 'etc-passwd');
  assert.equal(slugify('5.7'), '5.7');
  assert.equal(slugify('***'), 'unnamed');
});

test('keys that slugify alike get slugs of their own', () => {
  const slugs = uniqueSlugs(['ICTR', 'ictr', 'Ictr!']);
  assert.deepEqual([...slugs.values()], ['ictr', 'ictr-2', 'ictr-3']);
});

test('spellings of one county share a key', () => {
  for (const spelling of ['Dublin', 'Co. Dublin', 'CO DUBLIN', 'County Dublin', 'Dublin 8', 'Dublin 6W']) {
    assert.equal(countyKey(spelling), 'dublin', spelling);
  }
  assert.equal(countyKey('Dún Laoghaire'), 'dun laoghaire');
});

test('long lists are split into pages of 200', () => {
  assert.equal(pageCount(0), 1);
  assert.equal(pageCount(200), 1);
  assert.equal(pageCount(201), 2);
  assert.deepEqual(pageItems([1, 2, 3, 4, 5], 2, 2), [3, 4]);
});

test('page numbers show both ends and the neighbourhood, with gaps', () => {
  assert.deepEqual(pageNumbers(1, 3), [1, 2, 3]);
  assert.deepEqual(pageNumbers(10, 20), [1, undefined, 8, 9, 10, 11, 12, undefined, 20]);
  assert.deepEqual(pageNumbers(4, 20), [1, 2, 3, 4, 5, 6, undefined, 20]);
});

test('page addresses are permanent and name the .html file', () => {
  assert.equal(
    organisationPath('2E427CA3-B6C4-4801-B9F2-AD6C518B45E5'),
    'org/2e427ca3-b6c4-4801-b9f2-ad6c518b45e5.html',
  );
  assert.equal(pagedPath('county', 'dublin'), 'county/dublin.html');
  assert.equal(pagedPath('county', 'dublin', 3), 'county/dublin-p3.html');
});

test('JSON placed in a script element cannot close it', () => {
  const text = scriptSafeJson({ name: '</script><script>alert(1)</script>\u2028\u2029' });
  assert.ok(!text.includes('<'));
  assert.ok(!text.includes('\u2028') && !text.includes('\u2029'));
  assert.deepEqual(JSON.parse(text), { name: '</script><script>alert(1)</script>\u2028\u2029' });
});
