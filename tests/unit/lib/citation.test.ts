import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  bibtex,
  citationParts,
  cslJson,
  editionFragment,
  editionOfFragment,
  plainCitation,
  type Citation,
} from '../../../src/lib/citation.ts';

const AWKWARD = 'Cumann “Ó Súilleabháin” & Sons {Trust} "100%" #1_x ~^ C:\\Dublin';
const citation: Citation = {
  title: AWKWARD,
  url: 'https://example.org/orgdir/org/2e427ca3-b6c4-4801-b9f2-ad6c518b45e5.html#edition-2026-11-28-2',
  edition: '2026-11-28-2',
  date: '2026-11-28',
  stem: '2e427ca3-b6c4-4801-b9f2-ad6c518b45e5',
};

test('the plain-text citation names the organisation, the site, the edition’s date and the permalink', () => {
  assert.equal(
    plainCitation(citation),
    'Cumann “Ó Súilleabháin” & Sons {Trust} "100%" #1_x ~^ C:\\Dublin. orgdir, edition of 28 November 2026. ' +
      'https://example.org/orgdir/org/2e427ca3-b6c4-4801-b9f2-ad6c518b45e5.html#edition-2026-11-28-2',
  );
});

test('a name that ends its own sentence gets no second full stop', () => {
  assert.equal(
    plainCitation({ ...citation, title: 'Acme Ltd.', url: 'org/x.html#edition-2026-11-28-2' }),
    'Acme Ltd. orgdir, edition of 28 November 2026. org/x.html#edition-2026-11-28-2',
  );
  assert.deepEqual(citationParts({ ...citation, title: 'Acme', url: 'u' }), {
    title: 'Acme',
    middle: '. orgdir, edition of 28 November 2026. ',
    url: 'u',
  });
});

test('without an edition the citation gives the date of the data', () => {
  const { edition: _edition, ...rest } = citation;
  assert.equal(
    plainCitation({ ...rest, title: 'Acme', url: 'org/x.html' }),
    'Acme. orgdir, data of 28 November 2026. org/x.html',
  );
});

test('CSL-JSON is an array of one webpage item, the name as given, JSON-escaped', () => {
  const text = cslJson(citation);
  assert.deepEqual(JSON.parse(text), [
    {
      id: 'orgdir-2e427ca3-b6c4-4801-b9f2-ad6c518b45e5-2026-11-28-2',
      type: 'webpage',
      title: 'Cumann “Ó Súilleabháin” & Sons {Trust} "100%" #1_x ~^ C:\\Dublin',
      'container-title': 'orgdir',
      URL: 'https://example.org/orgdir/org/2e427ca3-b6c4-4801-b9f2-ad6c518b45e5.html#edition-2026-11-28-2',
      version: '2026-11-28-2',
      issued: { 'date-parts': [[2026, 11, 28]] },
    },
  ]);
  assert.ok(
    text.includes('"title": "Cumann “Ó Súilleabháin” & Sons {Trust} \\"100%\\" #1_x ~^ C:\\\\Dublin"'),
  );
});

test('BibTeX escapes what LaTeX reads specially, keeps letters, braces the title and leaves the url verbatim', () => {
  assert.equal(
    bibtex(citation),
    [
      '@misc{orgdir-2e427ca3-b6c4-4801-b9f2-ad6c518b45e5-2026-11-28-2,',
      '  title = {{Cumann “Ó Súilleabháin” \\& Sons \\{Trust\\} "100\\%" \\#1\\_x \\textasciitilde{}\\textasciicircum{} C:\\textbackslash{}Dublin}},',
      '  howpublished = {orgdir, edition of 28 November 2026},',
      '  year = {2026},',
      '  month = nov,',
      '  note = {Edition 2026-11-28-2},',
      '  url = {https://example.org/orgdir/org/2e427ca3-b6c4-4801-b9f2-ad6c518b45e5.html#edition-2026-11-28-2}',
      '}',
    ].join('\n'),
  );
});

test('every brace of a BibTeX entry is balanced, whatever braces the name holds', () => {
  for (const title of ['}{', '{{{', '}}} \\', 'a}b{c']) {
    let depth = 0;
    const text = bibtex({ ...citation, title }).replace(/\\[{}]/g, '');
    for (const character of text) {
      if (character === '{') depth += 1;
      if (character === '}') depth -= 1;
      assert.ok(depth >= 0, title);
    }
    assert.equal(depth, 0, title);
  }
});

test('an edition’s fragment names it, and only such a fragment gives an edition back', () => {
  assert.equal(editionFragment('2026-11-28-2'), 'edition-2026-11-28-2');
  assert.equal(editionOfFragment('#edition-2026-11-28-2'), '2026-11-28-2');
  assert.equal(editionOfFragment('#history'), undefined);
  assert.equal(editionOfFragment(''), undefined);
});
