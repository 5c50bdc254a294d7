import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { EditionChanges } from '../../../src/editions/diff.ts';
import { atomFeed, editionTag, groupFeed, snapshotOf, touchedBy, xmlText } from '../../../src/editions/feed.ts';
import type { KeptEdition } from '../../../src/editions/history.ts';
import { changeSummary } from '../../../src/editions/present.ts';
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

test('an edition is summarised by its counts, and the first one by its size', () => {
  assert.equal(changeSummary(editions[1]!.meta), 'the first edition: 10 organisations');
  assert.equal(changeSummary(editions[0]!.meta), '1 added');
  assert.equal(changeSummary(edition(3).meta), 'no changes');
});

/** The HTML of each entry's content, unescaped once, as a feed reader reads it. */
function contents(feed: string): string[] {
  return [...feed.matchAll(/<content type="html">([^<]*)<\/content>/g)].map((match) =>
    match[1]!.replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&'),
  );
}

const many = Array.from({ length: 25 }, (_, index) => ({
  id: `00000000-0000-4000-8000-${String(index + 100).padStart(12, '0')}`,
  name: `Organisation ${index + 1}`,
}));

test('an entry names organisations as links to their pages and links to the rest on the changes pages', () => {
  const night = edition(2, { added: many, removed: [many[0]!] });
  const [content] = contents(atomFeed({ editions: [night], hasPage: () => true }));
  const links = [...content!.matchAll(/<a href="([^"]*)">([^<]*)<\/a>/g)].map((match) => [match[1], match[2]]);
  const named = links.filter(([href]) => href!.startsWith('org/'));
  // The first ten added and the one removed, each linked to its own page.
  assert.equal(named.length, 11);
  for (const [href, name] of named) {
    const organisation = many.find((candidate) => candidate.name === name)!;
    assert.equal(href, `org/${organisation.id}.html`);
  }
  assert.ok(links.some(([href, text]) => href === 'changes/2026-03-02.html#added' && text === '15 more'));
  assert.doesNotMatch(content!, /and \d+ more/);
});

test('an organisation without a page is named without a link', () => {
  const night = edition(2, { removed: [many[0]!] });
  const [content] = contents(atomFeed({ editions: [night], hasPage: () => false }));
  assert.ok(content!.includes('Organisation 1'));
  assert.doesNotMatch(content!, /href="org\//);
});

test("a group's feed has an entry per edition given, links relative to its own folder and ids stable per group", () => {
  const night = edition(2, { added: many.slice(0, 3) });
  const group = { kind: 'county' as const, slug: 'cork', title: 'County Cork', page: 'county/cork.html' };
  const feed = groupFeed({ group, entries: [{ edition: night, members: many.slice(0, 2) }] });
  assert.match(feed, /<link rel="self" type="application\/atom\+xml" href="cork.xml"\/>/);
  assert.match(feed, /<link rel="alternate" type="text\/html" href="..\/..\/county\/cork.html"\/>/);
  assert.match(feed, /<link rel="alternate" type="text\/html" href="..\/..\/changes\/2026-03-02.html"\/>/);
  assert.match(feed, /<id>tag:orgdir.invalid,2026-03-02:orgdir\/county\/cork\/edition\/2026-03-02<\/id>/);
  const [content] = contents(feed);
  assert.deepEqual(
    [...content!.matchAll(/href="(\.\.\/\.\.\/org\/[^"]*)"/g)].map((match) => match[1]),
    many.slice(0, 2).map((member) => `../../org/${member.id}.html`),
  );
  assert.match(content!, /Organisation 1<\/a>: added/);
  const nights = Array.from({ length: 12 }, (_, index) => ({ edition: edition(12 - index), members: many.slice(0, 1) }));
  const kept = [...groupFeed({ group, entries: nights }).matchAll(/<entry>\s*<id>[^<]*edition\/([^<]*)<\/id>/g)];
  // The newest ten nights, newest first.
  assert.deepEqual(
    kept.map((match) => match[1]),
    nights.slice(0, 10).map((night) => night.edition.meta.id),
  );
  const empty = groupFeed({ group, entries: [], updated: '2026-03-02T03:00:00.000Z' });
  assert.equal((empty.match(/<entry>/g) ?? []).length, 0);
  assert.match(empty, /<updated>2026-03-02T03:00:00.000Z<\/updated>/);
});

test('the organisations an edition touched are those added, removed, changed and moving, each once', () => {
  const [a, b, c, d] = many;
  const night = edition(2, {
    added: [a!],
    removed: [b!],
    changed: [{ ...c!, fields: [{ path: 'county', before: 'Cork', after: 'Kerry' }] }],
    membership: [
      { kind: 'list', name: 'housingBodies', joined: [d!, c!], left: [] },
      { kind: 'voluntaryCode', name: 'TRIPLELOCK', joined: [], left: [d!] },
    ],
  });
  assert.deepEqual(
    touchedBy(night).map((member) => member.id).sort(),
    [a!.id, b!.id, c!.id, d!.id].sort(),
  );
});

test('with no edition kept, the feed has one entry for the register as crawled, dated by the crawl', () => {
  const crawledAt = '2024-05-12T02:41:55.908Z';
  const snapshot = snapshotOf({ manifest: { finishedAt: crawledAt } as never, organisations: [{}, {}, {}] as never });
  assert.deepEqual(snapshot, { crawledAt, organisations: 3 });
  const feed = atomFeed({ editions: [], snapshot });
  assert.equal([...feed.matchAll(/<entry>/g)].length, 1);
  assert.match(feed, /<title>The register as crawled on 12 May 2024: 3 organisations<\/title>/);
  assert.equal([...feed.matchAll(new RegExp(`<updated>${crawledAt}</updated>`, 'g'))].length, 2);
  assert.match(feed, /<link rel="alternate" type="text\/html" href="index.html"\/>\n {4}<summary/);
  assert.doesNotMatch(feed, /1970/);
  // Editions, once there are some, take its place.
  assert.doesNotMatch(atomFeed({ editions: [edition(1)], snapshot }), /as crawled on/);
});

test("a crawl with no time in its manifest is dated by the build, never 1970", () => {
  const built = new Date('2026-11-28T10:00:00Z');
  assert.equal(
    snapshotOf({ manifest: { finishedAt: null, startedAt: 'not a date' } as never, organisations: [] }, () => built)
      .crawledAt,
    built.toISOString(),
  );
  assert.equal(
    snapshotOf({ manifest: { finishedAt: null, startedAt: '2024-05-12T01:00:00Z' } as never, organisations: [] })
      .crawledAt,
    '2024-05-12T01:00:00.000Z',
  );
});
