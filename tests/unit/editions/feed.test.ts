import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { EditionChanges } from '../../../src/editions/diff.ts';
import { atomFeed, editionTag, xmlText } from '../../../src/editions/feed.ts';
import type { KeptEdition } from '../../../src/editions/history.ts';
import { changeSummary, describeFieldChange, fieldLabel } from '../../../src/editions/present.ts';
import type { EditionMeta } from '../../../src/editions/store.ts';

function edition(
  number: number,
  changes: Partial<EditionChanges> = {},
  extra: Partial<EditionMeta> = {},
): KeptEdition {
  const full: EditionChanges = { added: [], removed: [], changed: [], membership: [], ...changes };
  const id = `2026-03-0${number}`;
  return {
    meta: {
      id,
      number,
      date: id,
      publishedAt: `${id}T03:00:00.000Z`,
      previous: number === 1 ? null : `2026-03-0${number - 1}`,
      crawl: {},
      counts: { organisations: 10, carried: 0, lists: {} },
      changes: {
        added: full.added.length,
        removed: full.removed.length,
        changed: full.changed.length,
        joined: 0,
        left: 0,
      },
      guard: { passed: true, firstEdition: number === 1, checks: [] },
      ...extra,
    },
    changes: full,
  };
}

const A = '00000000-0000-4000-8000-00000000000a';
const editions = [
  edition(
    2,
    { added: [{ id: A, name: 'Cáirde <Éireann> & Co' }] },
    { accepted: { reason: 'outage upstream', failedChecks: [] } },
  ),
  edition(1),
];

test('without a site URL the feed links are relative to the feed and its ids are tag URIs', () => {
  const feed = atomFeed({ editions });
  assert.match(
    feed,
    /^<\?xml version="1.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www.w3.org\/2005\/Atom">/,
  );
  assert.match(feed, /<link rel="self" type="application\/atom\+xml" href="feed.xml"\/>/);
  assert.match(feed, /<link rel="alternate" type="text\/html" href="changes\/2026-03-02.html"\/>/);
  const ids = [...feed.matchAll(/<id>([^<]*)<\/id>/g)].map((match) => match[1]);
  assert.equal(ids.length, 3);
  for (const id of ids) assert.match(id ?? '', /^tag:orgdir\.invalid,\d{4}(-\d\d-\d\d)?:orgdir\//);
  assert.equal((feed.match(/<entry>/g) ?? []).length, 2);
});

test('with a site URL every link is absolute under it and the ids use its host', () => {
  const feed = atomFeed({ editions, siteUrl: 'https://example.org/register/' });
  assert.match(feed, /href="https:\/\/example.org\/register\/feed.xml"/);
  assert.match(feed, /href="https:\/\/example.org\/register\/changes\/2026-03-01.html"/);
  assert.match(feed, /<id>https:\/\/example.org\/register\/feed.xml<\/id>/);
  assert.equal(
    editionTag('https://example.org/register/', editions[0]!.meta),
    'tag:example.org,2026-03-02:orgdir/edition/2026-03-02',
  );
  assert.doesNotMatch(feed, /href="(?!https:)/);
});

test('names are escaped and an accepted edition says why it was published', () => {
  const feed = atomFeed({ editions });
  assert.match(feed, /Cáirde &amp;lt;Éireann&amp;gt; &amp;amp; Co/);
  assert.match(feed, /Published although the publish guard objected: outage upstream/);
  assert.equal(xmlText('a\u0001b'), 'a\uFFFDb');
});

test('field changes read as labels with values as the source gave them', () => {
  assert.equal(fieldLabel('financialSummary.currentIncome'), 'Financial summary: current income');
  assert.equal(fieldLabel('someNewField'), 'Some new field');
  assert.deepEqual(describeFieldChange({ path: 'financialSummary.currentIncome', before: 1200, after: -5 }), {
    label: 'Financial summary: current income',
    before: '1,200',
    after: '−5',
  });
  assert.equal(
    describeFieldChange({ path: 'financialSummary.currentYear', before: 2020, after: 2021 }).after,
    '2021',
  );
  assert.equal(describeFieldChange({ path: 'orgUrl', before: 'https://a.ie' }).after, 'not given');
  const directors = describeFieldChange({
    path: 'directors',
    before: [{ name: 'Áine Ní Bhriain' }, { name: 'Seán Ó Briain' }],
    after: [{ name: 'Seán Ó Briain' }, { name: 'Pádraig Mac Cárthaigh' }],
  });
  assert.deepEqual([directors.entered, directors.left], [['Pádraig Mac Cárthaigh'], ['Áine Ní Bhriain']]);
});

test('an edition is summarised by its counts, and the first one by its size', () => {
  assert.equal(changeSummary(editions[1]!.meta), 'the first edition: 10 organisations');
  assert.equal(changeSummary(editions[0]!.meta), '1 added');
  assert.equal(changeSummary(edition(3).meta), 'no changes');
});
