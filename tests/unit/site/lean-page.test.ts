import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { after, test } from 'node:test';
import { offerDownloads, writeChecksums } from '../../../src/site/download-files.ts';
import { parse, serialize } from 'parse5';
import {
  leanPage,
  withoutOptionalEndTags,
  withoutStructuralWhitespace,
  withoutUnusedHashes,
} from '../../../src/site/lean-page.ts';
import { barsPath, type ChartBar } from '../../../src/view/financial.ts';

const root = mkdtempSync(join(tmpdir(), 'orgdir-lean-page-'));
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

test('end tags a parser supplies itself go: list items, definition terms and details, cells, rows, a table head and body', () => {
  assert.equal(
    withoutOptionalEndTags('<ul><li>a</li><li><a href="x">b</a></li></ul><ol><li>c</li></ol>'),
    '<ul><li>a<li><a href="x">b</a></ul><ol><li>c</ol>',
  );
  assert.equal(
    withoutOptionalEndTags(
      '<dl><dt>Sector</dt><dt>Also</dt><dd>Arts</dd><dd>Music</dd><dt>County</dt><dd>Cork</dd></dl>',
    ),
    '<dl><dt>Sector<dt>Also<dd>Arts<dd>Music<dt>County<dd>Cork</dl>',
  );
  assert.equal(
    withoutOptionalEndTags(
      '<table><caption>C</caption><thead><tr><th>A</th><th class="num">B</th></tr></thead><tbody><tr><th scope="row">x</th><td>1</td></tr><tr><td>2</td><td>3</td></tr></tbody></table>',
    ),
    '<table><caption>C</caption><thead><tr><th>A<th class="num">B<tbody><tr><th scope="row">x<td>1<tr><td>2<td>3</table>',
  );
});

test('end tags stay where the next thing does not end the element: text, another element, whitespace, a script', () => {
  for (const kept of [
    '<ul><li>a</li> <li>b</li>\n</ul>',
    '<ul><li>a</li>text</ul>',
    '<dl><dt>a</dt><div>b</div></dl>',
    '<dl><div><dt>a</dt><dd>b</dd></div></dl>',
    '<dl><dt>a</dt><dd>b</dd>c</dl>',
    '<p>a</p><p>b</p>',
    '<table><tbody><tr><td>a</td></tr></tbody><tfoot><tr><td>b</td></tr></tfoot></table>'.replace(
      '<tfoot',
      ' <tfoot',
    ),
    '<script type="application/ld+json">{"n":"</li><li>","m":"</td></tr>"}</script>',
    '<span title="&lt;/li&gt;&lt;li&gt;">x</span>',
  ]) {
    const lean = withoutOptionalEndTags(kept);
    assert.equal(serialize(parse(lean)), serialize(parse(kept)), kept);
  }
  assert.equal(
    withoutOptionalEndTags('<ul><li>a</li> <li>b</li>\n</ul>'),
    '<ul><li>a</li> <li>b</li>\n</ul>',
  );
  assert.equal(withoutOptionalEndTags('<dl><dt>a</dt><div>b</div></dl>'), '<dl><dt>a</dt><div>b</div></dl>');
  const script = '<script type="application/ld+json">{"n":"</li><li>"}</script><ul><li>a</li><li>b</li></ul>';
  assert.equal(
    withoutOptionalEndTags(script),
    '<script type="application/ld+json">{"n":"</li><li>"}</script><ul><li>a<li>b</ul>',
  );
});

/** Markup of the kinds the site's pages are made of, nested at random, each element closed. */
function randomMarkup(seed: number): string {
  let state = seed;
  const next = (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
  const text = () =>
    ['x', 'Cork &amp; Kerry', '<a href="o.html">Name</a>', '<span class="tag">CRA</span>', ''][next(5)]!;
  const block = (depth: number): string => {
    if (depth > 3) return text();
    const children = (make: () => string) => Array.from({ length: 1 + next(3) }, make).join('');
    switch (next(5)) {
      case 0:
        return `<ul>${children(() => `<li>${next(2) ? text() : block(depth + 1)}</li>`)}</ul>`;
      case 1:
        return `<dl>${children(() => `<dt>${text()}</dt>${next(3) ? `<dd>${next(2) ? text() : block(depth + 1)}</dd>` : ''}`)}</dl>`;
      case 2: {
        const row = (cell: string) =>
          `<tr>${children(() => `<${cell}>${next(3) ? text() : block(depth + 1)}</${cell}>`)}</tr>`;
        const head = next(2) ? `<thead>${row('th')}</thead>` : '';
        return `<table>${next(2) ? '<caption>c</caption>' : ''}${head}<tbody>${children(() => row(next(2) ? 'td' : 'th'))}</tbody></table>`;
      }
      case 3:
        return `<div>${children(() => block(depth + 1))}</div>`;
      default:
        return `<p>${text()}</p>`;
    }
  };
  return `<!DOCTYPE html><html lang="en"><head><title>t</title></head><body><main>${Array.from({ length: 4 }, () => block(0)).join('')}</main></body></html>`;
}

test('a page without its optional end tags is the same document to an HTML parser', () => {
  let dropped = 0;
  for (let seed = 1; seed <= 400; seed += 1) {
    const page = randomMarkup(seed);
    const lean = withoutOptionalEndTags(page);
    assert.equal(serialize(parse(lean)), serialize(parse(page)), page);
    dropped += page.length - lean.length;
  }
  assert.ok(dropped > 10_000, `${dropped} characters dropped`);
});

test('a lean page is all of them', () => {
  assert.equal(
    leanPage(`<html> <head>${META}</head> <body> <ul> <li>a</li> </ul> </body> </html>`),
    `<html><head>${META.replace(/ 'sha256-[^']+'/g, '')}</head><body><ul><li>a</ul></body></html>`,
  );
});

test('a NUL in a record becomes the replacement character, as a parser would read it', () => {
  assert.equal(leanPage('\u0000\u0000<p> \u0000 </p>'), '\uFFFD\uFFFD<p>\uFFFD</p>');
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
