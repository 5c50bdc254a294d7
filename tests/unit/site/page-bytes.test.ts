import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { after, test } from 'node:test';
import { offerDownloads, writeChecksums } from '../../../src/site/download-files.ts';
import { leanPage, withoutStructuralWhitespace, withoutUnusedHashes } from '../../../src/site/page-bytes.ts';
import { barsPath, type ChartBar } from '../../../src/view/financial.ts';

const root = mkdtempSync(join(tmpdir(), 'orgdir-page-bytes-'));
after(() => rmSync(root, { recursive: true, force: true }));

test('whitespace between structural tags and at the edges of blocks goes', () => {
  assert.equal(
    withoutStructuralWhitespace('<table> <tr> <td> 12 </td> <td> <a href="x">y</a> </td> </tr> </table>'),
    '<table><tr><td>12</td><td><a href="x">y</a></td></tr></table>',
  );
  assert.equal(
    withoutStructuralWhitespace(
      '<dl> <dt>Sector</dt> <dd>  <a href="s.html">Arts</a> <span class="tag">1</span>  </dd> </dl>',
    ),
    '<dl><dt>Sector</dt><dd><a href="s.html">Arts</a> <span class="tag">1</span></dd></dl>',
  );
  assert.equal(
    withoutStructuralWhitespace('<p>\nAccounts to <time>2020</time>.\n</p>'),
    '<p>Accounts to <time>2020</time>.</p>',
  );
});

test('whitespace that a reader sees stays: between inline elements and words, and in preformatted text', () => {
  const inline = '<p>A <a href="a">link</a> <em>and</em> <span>words</span></p>';
  assert.equal(withoutStructuralWhitespace(inline), inline);
  const pre = '<div> <pre>  kept\n  as is </pre> </div>';
  assert.equal(withoutStructuralWhitespace(pre), pre);
  assert.equal(withoutStructuralWhitespace('<p><b>x</b> <i>y</i></p>'), '<p><b>x</b> <i>y</i></p>');
});

const META = `<meta http-equiv="content-security-policy" content="default-src 'none'; script-src 'self' 'sha256-AAAA+/=' 'sha256-BBBB'; style-src 'self' 'sha256-CCCC';">`;

test('a page with no inline script or style keeps its policy without the hashes', () => {
  const page = `<head>${META}<script type="application/ld+json">{"a":1}</script><script src="s.js" defer></script></head>`;
  assert.equal(
    withoutUnusedHashes(page),
    `<head><meta http-equiv="content-security-policy" content="default-src 'none'; script-src 'self'; style-src 'self';"><script type="application/ld+json">{"a":1}</script><script src="s.js" defer></script></head>`,
  );
});

test('a page with an inline script or style keeps every hash', () => {
  for (const inline of [
    '<script>run()</script>',
    '<style>p{}</style>',
    '<p style="color:red">x</p>',
    '<script type="module">x</script>',
  ]) {
    const page = `<head>${META}</head><body>${inline}</body>`;
    assert.equal(withoutUnusedHashes(page), page, inline);
  }
});

test('a lean page is both', () => {
  assert.equal(
    leanPage(`<html> <head>${META}</head> <body> </body> </html>`),
    `<html><head>${META.replace(/ 'sha256-[^']+'/g, '')}</head><body></body></html>`,
  );
});

test('the bars of one year are one path of rectangles; bars of no width draw nothing', () => {
  const bar = (x: number, y: number, width: number): ChartBar => ({
    label: 'Income',
    first: true,
    current: false,
    x,
    y,
    width,
    text: '',
    textX: 0,
    textAnchor: 'start',
  });
  assert.equal(
    barsPath([bar(90, 4, 250.7), bar(90, 44, 0), bar(40.5, 84, 49.5)]),
    'M90 4h250.7v12h-250.7zM40.5 84h49.5v12h-49.5z',
  );
  assert.equal(barsPath([]), '');
});

test('large downloads are offered gzipped, small ones as they are, with SHA256SUMS over what is offered', async () => {
  const site = join(root, 'site');
  mkdirSync(join(site, 'downloads'), { recursive: true });
  const large = 'id,name\n' + Array.from({ length: 5000 }, (_, n) => `${n},Organisation ${n}\n`).join('');
  writeFileSync(join(site, 'downloads', 'organisations.csv'), large);
  writeFileSync(join(site, 'downloads', 'housing-bodies.csv'), 'id,name\n');
  const sha = (content: string | Buffer) => createHash('sha256').update(content).digest('hex');
  const offered = await offerDownloads(
    site,
    [
      {
        path: 'downloads/organisations.csv',
        title: 'organisations.csv',
        description: 'all',
        bytes: large.length,
        sha256: sha(large),
      },
      {
        path: 'downloads/housing-bodies.csv',
        title: 'housing-bodies.csv',
        description: 'list',
        bytes: 8,
        sha256: sha('id,name\n'),
      },
    ],
    1000,
  );
  assert.deepEqual(
    offered.map((file) => file.path),
    ['downloads/organisations.csv.gz', 'downloads/housing-bodies.csv'],
  );
  const sums = writeChecksums(site, offered);
  assert.equal(sums.path, 'downloads/SHA256SUMS');
  assert.equal(sums.sha256, sha(readFileSync(join(site, 'downloads', 'SHA256SUMS'))));
  const gz = readFileSync(join(site, 'downloads', 'organisations.csv.gz'));
  assert.equal(gunzipSync(gz).toString('utf8'), large);
  assert.equal(offered[0]!.bytes, gz.length);
  assert.equal(offered[0]!.sha256, sha(gz));
  assert.equal(offered[0]!.uncompressedBytes, large.length);
  assert.throws(() => readFileSync(join(site, 'downloads', 'organisations.csv')), /ENOENT/);
  assert.equal(
    readFileSync(join(site, 'downloads', 'SHA256SUMS'), 'utf8'),
    `${sha(gz)}  organisations.csv.gz\n${sha('id,name\n')}  housing-bodies.csv\n`,
  );
  // The same input gives the same bytes: no name or time in the gzip header.
  writeFileSync(join(site, 'downloads', 'organisations.csv'), large);
  const again = await offerDownloads(
    site,
    [{ ...offered[0]!, path: 'downloads/organisations.csv', bytes: large.length }],
    1000,
  );
  assert.equal(again[0]!.sha256, offered[0]!.sha256);
});

test('a download written compressed is offered as it is, not gzipped again', async () => {
  const site = join(root, 'site-compressed');
  mkdirSync(join(site, 'downloads'), { recursive: true });
  const content = Buffer.alloc(4096, 7);
  writeFileSync(join(site, 'downloads', 'written.csv.gz'), content);
  const file = {
    path: 'downloads/written.csv.gz',
    title: 'written.csv.gz',
    description: 'written compressed',
    bytes: content.length,
    sha256: createHash('sha256').update(content).digest('hex'),
  };
  assert.deepEqual(await offerDownloads(site, [file], 1000), [file]);
  assert.deepEqual(readFileSync(join(site, 'downloads', 'written.csv.gz')), content);
});
