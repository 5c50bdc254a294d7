import assert from 'node:assert/strict';
import { test } from 'node:test';
import { request } from 'undici';
import { generateDataset, type SampleDataset } from '../../../src/sample-api/dataset.ts';
import { degradeDataset } from '../../../src/sample-api/degradations.ts';
import { ADOPTED_CODE } from '../../../src/sample-api/editions.ts';
import { startSampleApi } from '../../../src/sample-api/server.ts';

const first = generateDataset({ orgs: 300 });
const second = generateDataset({ orgs: 300, edition: 2 });
const third = generateDataset({ orgs: 300, edition: 3 });

function changedFields(before: SampleDataset, after: SampleDataset, id: string): string[] {
  const a = before.organisation(id) ?? {};
  const b = after.organisation(id) ?? {};
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
    (key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]),
  );
}

const memberIds = (list: readonly { id: string }[]) => new Set(list.map((entry) => entry.id));

/** Organisations of the first edition with a record that some list names: what a crawl meets. */
const listed = first.ids.filter((id) =>
  [
    first.registeredCharities,
    first.taxEfficientGifts,
    first.housingBodies,
    ...first.voluntaryCodes.map((code) => first.voluntaryCodeMembers(code.id) ?? []),
  ].some((list) => memberIds(list).has(id)),
);

test('edition 1 is the register as generated without an edition', () => {
  const plain = generateDataset({ orgs: 300, edition: 1 });
  assert.deepEqual(plain.changes, []);
  assert.deepEqual(plain.registeredCharities, first.registeredCharities);
  for (const id of first.ids.slice(0, 20))
    assert.equal(JSON.stringify(plain.organisation(id)), JSON.stringify(first.organisation(id)));
});

test('edition 2 applies 1% of each documented kind of change, each to a different organisation', () => {
  const kinds = second.changes.map((change) => change.kind);
  for (const kind of ['added', 'removed', 'renamed', 'refinanced', 'moved', 'adoptedCode'])
    assert.equal(kinds.filter((k) => k === kind).length, 3, kind);
  assert.equal(new Set(second.changes.map((change) => change.id)).size, second.changes.length);
  assert.deepEqual(generateDataset({ orgs: 300, edition: 2 }).changes, second.changes);
});

test('each change of edition 2 touches only the fields and lists it names', () => {
  const touched = new Set(second.changes.map((change) => change.id));
  for (const change of second.changes) {
    const fields = changedFields(first, second, change.id);
    switch (change.kind) {
      case 'added':
        assert.equal(first.organisation(change.id), undefined);
        assert.equal(second.organisation(change.id)?.['name'], change.name);
        assert.ok(
          [second.registeredCharities, second.taxEfficientGifts, second.housingBodies].some((list) =>
            memberIds(list).has(change.id),
          ),
        );
        break;
      case 'removed':
        assert.ok(listed.includes(change.id));
        assert.equal(second.organisation(change.id), undefined);
        assert.ok(!memberIds(second.registeredCharities).has(change.id));
        assert.ok(!second.ids.includes(change.id));
        break;
      case 'renamed':
        assert.deepEqual(fields, ['name', 'altNames']);
        assert.equal(second.organisation(change.id)?.['name'], change.to);
        assert.equal((second.organisation(change.id)?.['altNames'] as string[])[0], change.from);
        break;
      case 'refinanced':
        assert.deepEqual(fields, ['financialSummary']);
        assert.deepEqual(second.organisation(change.id)?.['financialSummary'], change.to);
        assert.equal(change.to['prevIncome'], change.from['currentIncome']);
        assert.equal(change.to['currentYear'], (change.from['currentYear'] as number) + 1);
        break;
      case 'moved':
        assert.deepEqual(fields, ['regulatory']);
        assert.ok(memberIds(first.taxEfficientGifts).has(change.id));
        assert.ok(!memberIds(second.taxEfficientGifts).has(change.id));
        assert.ok(memberIds(second.housingBodies).has(change.id));
        break;
      case 'adoptedCode':
        assert.deepEqual(fields, ['governanceCodes']);
        assert.ok(!memberIds(first.voluntaryCodeMembers(ADOPTED_CODE) ?? []).has(change.id));
        assert.ok(memberIds(second.voluntaryCodeMembers(ADOPTED_CODE) ?? []).has(change.id));
        break;
    }
  }
  for (const id of first.ids.filter((id) => !touched.has(id)).slice(0, 100))
    assert.deepEqual(changedFields(first, second, id), []);
});

test('a renamed organisation is listed under its new name', () => {
  const renamed = second.changes.find((change) => change.kind === 'renamed');
  assert.ok(renamed?.kind === 'renamed');
  const lists = [second.registeredCharities, second.taxEfficientGifts, second.housingBodies].flat();
  for (const entry of lists.filter((entry) => entry.id === renamed.id)) assert.equal(entry.name, renamed.to);
});

test('edition 3 changes edition 2 and names only its own changes', () => {
  assert.equal(third.changes.length, second.changes.length);
  const removedInSecond = second.changes.filter((change) => change.kind === 'removed').map((c) => c.id);
  for (const id of removedInSecond) assert.equal(third.organisation(id), undefined);
  for (const change of third.changes.filter((change) => change.kind === 'renamed')) {
    assert.deepEqual(changedFields(second, third, change.id), ['name', 'altNames']);
  }
  assert.notDeepEqual(
    third.changes.map((change) => change.id),
    second.changes.map((change) => change.id),
  );
});

test('an edition that is not a positive whole number is refused', () => {
  assert.throws(() => generateDataset({ orgs: 10, edition: 0 }), RangeError);
  assert.throws(() => generateDataset({ orgs: 10, edition: 1.5 }), RangeError);
});

test('dropping a share removes exactly that many listed organisations from lists, search and records', () => {
  const { dataset, dropped } = degradeDataset(first, { dropShare: 0.2 });
  assert.equal(dropped.size, Math.round(listed.length * 0.2));
  assert.equal(dataset.ids.length, first.ids.length - dropped.size);
  for (const id of dropped) {
    assert.equal(dataset.organisation(id), undefined);
    assert.ok(!memberIds(dataset.registeredCharities).has(id));
  }
  assert.deepEqual(degradeDataset(first, { dropShare: 0.2 }).dropped, dropped);
});

test('an emptied list or voluntary code answers an empty array and the others are untouched', () => {
  const { dataset } = degradeDataset(first, { emptyLists: ['housingBodies', 'ICTR'] });
  assert.deepEqual(dataset.housingBodies, []);
  assert.deepEqual(dataset.voluntaryCodeMembers('ICTR'), []);
  assert.deepEqual(dataset.registeredCharities, first.registeredCharities);
  assert.deepEqual(
    dataset.voluntaryCodeMembers('GOVERNANCECODE'),
    first.voluntaryCodeMembers('GOVERNANCECODE'),
  );
});

test('a blanked field is empty text in exactly its share of the listed records', () => {
  const { dataset, blanked } = degradeDataset(first, { blankField: 'county', blankShare: 0.5 });
  assert.equal(blanked.size, Math.round(listed.length * 0.5));
  const empty = listed.filter((id) => dataset.organisation(id)?.['county'] === '');
  assert.equal(empty.length, blanked.size);
  assert.throws(() => degradeDataset(first, { blankShare: 0.5 }), RangeError);
  assert.throws(() => degradeDataset(first, { dropShare: 2 }), RangeError);
});

test('a failing organisation answers 500 on every request; the others answer 200', async () => {
  const api = await startSampleApi({ dataset: first, degradations: { failingShare: 0.05 } });
  try {
    const failing = degradeDataset(first, { failingShare: 0.05 }).failing;
    assert.equal(failing.size, Math.round(listed.length * 0.05));
    const [bad] = [...failing];
    const good = first.ids.find((id) => !failing.has(id));
    const get = async (id: string | undefined) => {
      const response = await request(`${api.baseUrl}/Organisation/${id}`, {
        headers: { 'ocp-apim-subscription-key': api.key },
      });
      await response.body.dump();
      return response.statusCode;
    };
    assert.deepEqual([await get(bad), await get(bad), await get(bad)], [500, 500, 500]);
    assert.equal(await get(good), 200);
  } finally {
    await api.close();
  }
});
