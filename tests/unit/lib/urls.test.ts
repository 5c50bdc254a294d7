import { test } from 'node:test';
import assert from 'node:assert/strict';
import { linkerFor, relativeUrl, safeHttpUrl, sitePathOf } from '../../../src/lib/urls.ts';

test('http and https URLs are safe to link', () => {
  assert.equal(safeHttpUrl('https://www.focusireland.ie'), 'https://www.focusireland.ie/');
  assert.equal(safeHttpUrl(' http://example.ie/a?b=1 '), 'http://example.ie/a?b=1');
});

test('script, data and other schemes are never linked', () => {
  for (const value of [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    'ftp://example.ie',
    'mailto:info@example.ie',
  ]) {
    assert.equal(safeHttpUrl(value), undefined, value);
  }
});

test('a web address without a scheme, or not a URL at all, is shown as text', () => {
  assert.equal(safeHttpUrl('www.corksimon.ie'), undefined);
  assert.equal(safeHttpUrl('not a url'), undefined);
  assert.equal(safeHttpUrl('https://'), undefined);
  assert.equal(safeHttpUrl(undefined), undefined);
  assert.equal(safeHttpUrl(42), undefined);
});

test('a URL with credentials in it is not linked', () => {
  assert.equal(safeHttpUrl('https://user:pass@example.ie'), undefined);
});

test('the page path comes from the pathname Astro gives', () => {
  assert.equal(sitePathOf('/'), 'index.html');
  assert.equal(sitePathOf('/org/abc.html'), 'org/abc.html');
  assert.equal(sitePathOf('/org/abc'), 'org/abc.html');
  assert.equal(sitePathOf('/subsector/5.7.html'), 'subsector/5.7.html');
});

test('links between pages are relative and name the .html file', () => {
  assert.equal(relativeUrl('org/abc.html', 'index.html'), '../index.html');
  assert.equal(relativeUrl('index.html', 'org/abc.html'), 'org/abc.html');
  assert.equal(relativeUrl('org/abc.html', 'org/abc.json'), 'abc.json');
  assert.equal(relativeUrl('county/dublin.html', 'org/abc.html'), '../org/abc.html');
  assert.equal(relativeUrl('a/b/c.html', 'a/d.html'), '../d.html');
});

test('characters a path cannot carry are encoded', () => {
  assert.equal(relativeUrl('index.html', 'code/a b#c.html'), 'code/a%20b%23c.html');
});

test('no link starts with a slash', () => {
  const link = linkerFor('/names/a-p2.html');
  for (const target of ['index.html', 'names/b.html', 'org/x.html']) assert.ok(!link(target).startsWith('/'));
});
