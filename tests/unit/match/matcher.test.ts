import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateDataset } from '../../../src/sample-api/dataset.ts';
import { readOrganisation } from '../../../src/records/organisation.ts';
import { matchEntryOf } from '../../../src/site/register-entry.ts';
import { Matcher, readLine, wordLikeness, type MatchEntry } from '../../../src/match/matcher.ts';

const REGISTER: MatchEntry[] = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Tuam Community Centre CLG',
    altNames: [],
    county: 'Galway',
    numbers: [
      { kind: 'charity', number: '20000031' },
      { kind: 'company', number: '123456' },
    ],
  },
  {
    id: '22222222-2222-4222-8222-222222222222',
    name: 'Irish Lupus Society Limited',
    altNames: ['Lupus Ireland'],
    numbers: [{ kind: 'chy', number: '12345' }],
  },
  { id: '33333333-3333-4333-8333-333333333333', name: 'Meals on Wheels', altNames: [], numbers: [] },
  { id: '44444444-4444-4444-8444-444444444444', name: 'Meals on Wheels', altNames: [], numbers: [] },
  {
    id: '55555555-5555-4555-8555-555555555555',
    name: 'Marino School of Music',
    altNames: [],
    numbers: [{ kind: 'company', number: '12345' }],
  },
  { id: '66666666-6666-4666-8666-666666666666', name: 'Kilkenny Chess Society', altNames: [], numbers: [] },
  { id: '77777777-7777-4777-8777-777777777777', name: 'Foxford Tidy Towns CLG', altNames: [], numbers: [] },
  { id: '88888888-8888-4888-8888-888888888888', name: 'Foxford Tidy Towns Ltd', altNames: [], numbers: [] },
];
const matcher = new Matcher(REGISTER);
const matchedId = (line: string): string | undefined => {
  const result = matcher.match(line);
  return result.best ? REGISTER[result.best.entry]!.id : undefined;
};

test('the same name is matched with full confidence', () => {
  const result = matcher.match('Tuam Community Centre CLG');
  assert.equal(result.status, 'matched');
  assert.equal(result.best?.reason, 'name');
  assert.equal(result.best?.score, 100);
  assert.equal(matchedId('tuam community centre clg'), REGISTER[0]!.id);
});

test('a variant is the same name once normalised', () => {
  for (const line of [
    'The Tuam Community Centre Company Limited by Guarantee',
    '  TUAM COMMUNITY CENTRE C.L.G. ',
    'Tuam Community Centre, CLG.',
  ]) {
    const result = matcher.match(line);
    assert.equal(result.status, 'matched', line);
    assert.equal(result.best?.reason, 'normalised', line);
    assert.equal(REGISTER[result.best!.entry]!.id, REGISTER[0]!.id);
  }
});

test('a name without its legal form matches when one organisation has it', () => {
  const result = matcher.match('Tuam Community Centre');
  assert.equal(result.best?.reason, 'legal form');
  assert.equal(REGISTER[result.best!.entry]!.id, REGISTER[0]!.id);
});

test('two organisations that share the name leave the line unmatched, both offered', () => {
  const result = matcher.match('Meals on Wheels');
  assert.equal(result.status, 'ambiguous');
  assert.equal(result.best, undefined);
  assert.deepEqual(result.candidates.map((candidate) => REGISTER[candidate.entry]!.id).sort(), [
    REGISTER[2]!.id,
    REGISTER[3]!.id,
  ]);
  assert.equal(matcher.match('Foxford Tidy Towns').status, 'ambiguous');
  assert.equal(matchedId('Foxford Tidy Towns Limited'), REGISTER[7]!.id);
});

test('an other name is matched and says so', () => {
  const result = matcher.match('lupus ireland');
  assert.equal(result.best?.reason, 'other name');
  assert.equal(REGISTER[result.best!.entry]!.id, REGISTER[1]!.id);
});

test('a name with a typo is matched as similar, below the exact reasons', () => {
  const result = matcher.match('Marino Schol of Music');
  assert.equal(result.status, 'matched');
  assert.equal(result.best?.reason, 'similar');
  assert.ok(result.best!.score < 90 && result.best!.score >= 80, String(result.best!.score));
  assert.equal(matchedId('Music Marino School of'), REGISTER[4]!.id, 'words in another order');
});

test('a different kind of organisation of the same place is no match, only a candidate', () => {
  const result = matcher.match('Kilkenny Chess Club');
  assert.equal(result.status, 'none');
  assert.equal(result.best, undefined);
  assert.equal(REGISTER[result.candidates[0]!.entry]!.id, REGISTER[5]!.id);
});

test('made-up names match nothing', () => {
  for (const line of ['Zebra Quantum Federation', 'Purple Monkey Dishwasher Ltd', 'Society', 'xyz']) {
    assert.equal(matcher.match(line).best, undefined, line);
  }
});

test('registration numbers are matched exactly, in the forms people write them', () => {
  assert.equal(matchedId('20000031'), REGISTER[0]!.id);
  assert.equal(matchedId('RCN 20000031'), REGISTER[0]!.id);
  assert.equal(matchedId('IE-CHY-20000031'), REGISTER[0]!.id);
  assert.equal(matchedId('IE-CRO-123456'), REGISTER[0]!.id);
  assert.equal(matchedId('CRO 0123456'), REGISTER[0]!.id);
  assert.equal(matchedId('CHY 12345'), REGISTER[1]!.id);
  assert.equal(matchedId('chy12345'), REGISTER[1]!.id);
  assert.equal(matchedId('CRO 12345'), REGISTER[4]!.id);
  assert.equal(matchedId('20000032'), undefined, 'no similar numbers');
  const bare = matcher.match('12345');
  assert.equal(
    bare.status,
    'ambiguous',
    'a bare number that is a CHY number of one and a CRO number of another',
  );
  assert.equal(bare.candidates.length, 2);
});

test('an organisation id is matched', () => {
  assert.equal(matchedId('55555555-5555-4555-8555-555555555555'), REGISTER[4]!.id);
  assert.equal(matchedId(' 55555555-5555-4555-8555-555555555555 '.toUpperCase()), REGISTER[4]!.id);
});

test('a blank line is blank', () => {
  assert.equal(matcher.match('   ').status, 'blank');
  assert.equal(matcher.match('...').status, 'blank');
  assert.deepEqual(readLine('"Meals on Wheels"'), readLine('Meals on Wheels'));
});

test('likeness is 1 for the same words in any order and falls with each missing or extra word', () => {
  assert.equal(wordLikeness(['a', 'b', 'c'], ['c', 'b', 'a']), 1);
  assert.ok(Math.abs(wordLikeness(['a', 'b'], ['a', 'b', 'c']) - 0.8) < 1e-9);
  assert.equal(wordLikeness(['a'], ['b']), 0);
  assert.ok(Math.abs(wordLikeness(['marino', 'schol'], ['marino', 'school']) - 0.9) < 1e-9);
});

/** The reference: each word of the query takes the first unused word the same, or from 5 letters one typo off (credit 0.8). */
function referenceLikeness(query: string[], candidate: string[]): number {
  if (query.length === 0 || candidate.length === 0) return 0;
  const taken = candidate.map(() => false);
  const oneTypo = (a: string, b: string): boolean => {
    if (a.length === b.length) {
      const differ = [...a].flatMap((letter, at) => (letter === b[at] ? [] : [at]));
      return (
        differ.length === 1 ||
        (differ.length === 2 &&
          differ[1] === differ[0]! + 1 &&
          a[differ[0]!] === b[differ[1]!] &&
          a[differ[1]!] === b[differ[0]!])
      );
    }
    const [long, short] = a.length > b.length ? [a, b] : [b, a];
    return (
      long.length === short.length + 1 &&
      [...long].some((_, at) => long.slice(0, at) + long.slice(at + 1) === short)
    );
  };
  let matched = 0;
  for (const word of query) {
    let at = candidate.findIndex((other, index) => !taken[index] && other === word);
    let credit = 1;
    if (at < 0 && word.length >= 5) {
      at = candidate.findIndex((other, index) => !taken[index] && other.length >= 5 && oneTypo(word, other));
      credit = 0.8;
    }
    if (at < 0) continue;
    taken[at] = true;
    matched += credit;
  }
  const precision = matched / query.length;
  const recall = matched / candidate.length;
  return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

test('likeness as the reference works it out, for names short and longer than 30 words', () => {
  const vocabulary = [
    'school',
    'schol',
    'shcool',
    'centre',
    'center',
    'tuam',
    'club',
    'clubs',
    'saint',
    'saints',
    'a',
  ];
  let state = 3;
  const next = (below: number): number => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return Math.floor((state / 2147483648) * below);
  };
  const words = (most: number): string[] =>
    Array.from({ length: next(most) }, () => vocabulary[next(vocabulary.length)]!);
  for (let sample = 0; sample < 3000; sample += 1) {
    const query = words(6);
    const candidate = words(sample % 10 === 0 ? 45 : 8);
    assert.ok(
      Math.abs(wordLikeness(query, candidate) - referenceLikeness(query, candidate)) < 1e-12,
      `${query} / ${candidate}`,
    );
  }
});

test('on the sample register a list of exact names, variants, numbers and made-up names is matched right', () => {
  const dataset = generateDataset({ seed: 'match', orgs: 1500 });
  const entries = dataset.ids.map((id) => matchEntryOf(readOrganisation(dataset.organisation(id), id)));
  const sample = new Matcher(entries);
  // Names the register holds once, so that each line has one right answer.
  const counts = new Map<string, number>();
  for (const entry of entries)
    counts.set(entry.name.toLowerCase(), (counts.get(entry.name.toLowerCase()) ?? 0) + 1);
  const unique = entries.filter((entry) => counts.get(entry.name.toLowerCase()) === 1);
  const lines: { line: string; expected: string | undefined }[] = [];
  for (const entry of unique.filter((_, index) => index % 97 === 0)) {
    lines.push({ line: entry.name, expected: entry.id });
    lines.push({
      line: `  the ${entry.name
        .toUpperCase()
        .replace(/ LIMITED$/, ' LTD')
        .replace(/ CLG$/, ' Company Limited by Guarantee')}. `,
      expected: entry.id,
    });
  }
  for (const entry of entries
    .filter((candidate) => candidate.numbers.some((number) => number.kind === 'charity'))
    .slice(0, 10)) {
    lines.push({
      line: `RCN ${entry.numbers.find((number) => number.kind === 'charity')!.number}`,
      expected: entry.id,
    });
  }
  for (const line of [
    'Zebra Quantum Federation',
    'Ballyxyz Underwater Hockey Club',
    'Purple Llama Trust CLG',
  ]) {
    lines.push({ line, expected: undefined });
  }
  const wrong = lines.filter(({ line, expected }) => {
    const result = sample.match(line);
    return (result.best ? entries[result.best.entry]!.id : undefined) !== expected;
  });
  assert.ok(lines.length > 40, String(lines.length));
  assert.ok(wrong.length <= 1, JSON.stringify(wrong));
});

test('an organisation no longer on the register is offered, flagged, but never the match', () => {
  const GONE = '99999999-9999-4999-8999-999999999999';
  const register: MatchEntry[] = [
    ...REGISTER,
    {
      id: GONE,
      name: 'Ballina Men’s Shed',
      altNames: [],
      numbers: [{ kind: 'charity', number: '20000099' }],
      goneSince: '2026-11-20',
    },
    // On the register, with a name like the gone one's: never taken as its match instead.
    { id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', name: 'Ballina Mens Shed Club', altNames: [], numbers: [] },
  ];
  const withGone = new Matcher(register);
  for (const line of ['Ballina Men’s Shed', 'ballina mens shed', '20000099', 'RCN 20000099', GONE]) {
    const result = withGone.match(line);
    assert.equal(result.best, undefined, `${line}: no match`);
    assert.notEqual(result.status, 'matched', line);
    const first = register[result.candidates[0]!.entry]!;
    assert.equal(first.id, GONE, `${line}: the gone one first among the candidates`);
    assert.equal(first.goneSince, '2026-11-20');
  }
  // The organisations on the register still match as before.
  assert.equal(withGone.match('Tuam Community Centre CLG').best?.entry, 0);
});
