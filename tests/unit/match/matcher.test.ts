import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateDataset } from '../../../src/sample-api/dataset.ts';
import { readOrganisation } from '../../../src/records/organisation.ts';
import { matchEntryOf } from '../../../src/site/register-entry.ts';
import type { Candidate, LineMatch } from '../../../src/match/candidates.ts';
import { wordLikeness } from '../../../src/match/likeness.ts';
import { readLine } from '../../../src/match/line-query.ts';
import { Matcher, type MatchEntry } from '../../../src/match/matcher.ts';
import { referenceNameKeys, referenceReadLine } from '../../support/reference-names.ts';
import { listLines, sampleMatchEntries } from '../../bench/match-timing.ts';

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

/** The reference of a typo: two different words, one letter inserted, deleted, replaced or swapped with its neighbour apart. */
function oneTypo(a: string, b: string): boolean {
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
}

/** The reference: each word of the query takes the first unused word the same, or from 5 letters one typo off (credit 0.8). */
function referenceLikeness(query: string[], candidate: string[]): number {
  if (query.length === 0 || candidate.length === 0) return 0;
  const taken = candidate.map(() => false);
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
  // Names the register holds once, so that each line has one right answer: once whatever their
  // case, accents, punctuation or apostrophes (St. Anne's, ST. ANNE'S and St. Anne’s are one name
  // to a reader, and the matcher rightly offers all three). The test's own key, not the matcher's.
  const key = (name: string) =>
    name
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '');
  const counts = new Map<string, number>();
  for (const entry of entries) counts.set(key(entry.name), (counts.get(key(entry.name)) ?? 0) + 1);
  const unique = entries.filter((entry) => counts.get(key(entry.name)) === 1);
  // A variant (upper case, "the", a dot, LTD) may leave the matcher unsure; a name or number may not.
  const lines: { line: string; expected: string | undefined; variant?: true }[] = [];
  for (const entry of unique.filter((_, index) => index % 97 === 0)) {
    lines.push({ line: entry.name, expected: entry.id });
    lines.push({
      variant: true,
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
  // Every line exactly: its organisation is the match, or (a variant the matcher is not sure of)
  // no match is claimed and its organisation is the first candidate offered; a made-up name is
  // matched to nothing.
  const wrong = lines.filter(({ line, expected, variant }) => {
    const result = sample.match(line);
    const best = result.best ? entries[result.best.entry]!.id : undefined;
    if (best === expected) return false;
    const first = result.candidates[0];
    return !(variant && best === undefined && first !== undefined && entries[first.entry]!.id === expected);
  });
  assert.ok(lines.length > 40, String(lines.length));
  assert.deepEqual(wrong, []);
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

/**
 * The matcher's rules (the header of src/match/matcher.ts) worked out the plain way: every name of
 * the register looked at for every line, nothing kept between lines, nothing left out early; lines
 * and names read by the test's own code (tests/support/reference-names.ts).
 */
function referenceMatcher(register: readonly MatchEntry[]): (line: string) => LineMatch {
  const names = register.flatMap((entry, index) =>
    [entry.name, ...entry.altNames.filter((other) => other !== entry.name)]
      .map((text, position) => ({ entry: index, text, other: position > 0, keys: referenceNameKeys(text) }))
      .filter((name) => name.keys.normalised !== ''),
  );
  type Name = (typeof names)[number];
  /** The register's words in the order they first appear. */
  const words = [...new Set(names.flatMap((name) => name.keys.words))];
  const byName = new Intl.Collator();

  /** The names a word of the line brings into view: those with it, then with each word of 5 letters or more one typo from it with its first letter. */
  const inView = (word: string): Name[] =>
    [
      ...(words.includes(word) ? [word] : []),
      ...words.filter(
        (other) => word.length >= 5 && other.length >= 5 && other[0] === word[0] && oneTypo(word, other),
      ),
    ].flatMap((near) => names.filter((name) => name.keys.words.includes(near)));

  return (line) => {
    const query = referenceReadLine(line);
    if (query.kind === 'blank') return { input: line, status: 'blank', candidates: [] };
    const offers: Candidate[] = [];
    const offer = (entry: number, score: number, reason: Candidate['reason'], matched: string): void => {
      offers.push({ entry, score, reason, matched });
    };
    if (query.kind === 'id') {
      register.forEach((entry, index) => {
        if (entry.id.toLowerCase() === query.id) offer(index, 100, 'id', entry.id);
      });
    } else if (query.kind === 'number') {
      register.forEach((entry, index) => {
        if (
          entry.numbers.some(
            (n) => n.number === query.number && (!query.register || n.kind === query.register),
          )
        )
          offer(index, 100, 'number', query.number);
      });
    } else {
      const { keys } = query;
      const spaced = (text: string) => text.trim().replace(/\s+/g, ' ');
      for (const name of names.filter((name) => name.keys.plain === keys.plain)) {
        const score = name.other ? 92 : spaced(name.text) === spaced(line) ? 100 : 98;
        offer(name.entry, score, name.other ? 'other name' : 'name', name.text);
      }
      for (const name of names.filter((name) => name.keys.normalised === keys.normalised))
        offer(name.entry, name.other ? 88 : 95, name.other ? 'other name' : 'normalised', name.text);
      for (const name of names.filter((name) => name.keys.core === keys.core))
        offer(name.entry, name.other ? 85 : 90, name.other ? 'other name' : 'legal form', name.text);
      // The rarest words' names, all but the common words' once 3,000 are in view.
      const postings = [...new Set(keys.words)].map(inView).sort((a, b) => a.length - b.length);
      const looked = postings.length - Math.max(1, Math.ceil(postings.length / 2)) + 1;
      const seen = new Set<Name>();
      postings.slice(0, looked).forEach((posting, index) => {
        if (index === 0 || seen.size + posting.length <= 3000) posting.forEach((name) => seen.add(name));
      });
      // Scored a group of names of one length after another, the groups with the best scores in reach first.
      const length = keys.words.length;
      const most = (count: number) => Math.round((89 * 2 * Math.min(length, count)) / (length + count));
      const lengths = [...new Set([...seen].map((name) => name.keys.words.length))].sort(
        (a, b) => most(b) - most(a),
      );
      for (const count of lengths) {
        for (const name of [...seen].filter((name) => name.keys.words.length === count)) {
          const score = Math.round((name.other ? 84 : 89) * referenceLikeness(keys.words, name.keys.words));
          if (score >= 45) offer(name.entry, score, 'similar', name.text);
        }
      }
    }
    // Each organisation once, where first offered, with its best offer (the first of equals).
    const best = new Map<number, Candidate>();
    for (const candidate of offers) {
      const known = best.get(candidate.entry);
      if (!known || known.score < candidate.score) best.set(candidate.entry, candidate);
    }
    // Ranked by score, then name, then the order offered; the fifth one's score kept whatever the ties.
    const ranked = [...best.values()].sort(
      (a, b) => b.score - a.score || byName.compare(register[a.entry]!.name, register[b.entry]!.name),
    );
    const shown = ranked.filter((candidate) => candidate.score >= (ranked[4]?.score ?? 0)).slice(0, 5);
    const [first, second] = shown;
    if (!first) return { input: line, status: 'none', candidates: [] };
    const similar = first.reason === 'similar';
    const clear = !second || first.score - second.score >= (similar ? 5 : 1);
    const enough = !similar || first.score >= 80;
    if (clear && enough && register[first.entry]!.goneSince === undefined)
      return { input: line, status: 'matched', best: first, candidates: shown.slice(1) };
    return { input: line, status: enough ? 'ambiguous' : 'none', candidates: shown };
  };
}

test('on a sample register, every kind of line is answered as the plain reading of the rules answers it', () => {
  const register = sampleMatchEntries('reference', 700).map((entry, index) =>
    index % 37 === 0 ? { ...entry, goneSince: '2026-11-20' } : entry,
  );
  const lines = listLines(register, 3000, 'reference').map(({ line }) => line);
  lines.push(register[3]!.id.toUpperCase(), '', 'The', 'centre centre centre', 'Scoil Naomh');
  const fast = new Matcher(register);
  const reference = referenceMatcher(register);
  for (const line of lines) assert.deepEqual(fast.match(line), reference(line), line);
});

test('with thousands of names of common words in view, lines are answered as the plain reading of the rules answers them', () => {
  // 6,000 names of a few words: "community" alone brings more names than are looked at.
  // "Dennis" is one typo from "Ennis", but not with its first letter.
  const places = ['Tuam', 'Ennis', 'Sligo', 'Naas', 'Birr', 'Clones', 'Dingle', 'Dennis'];
  const kinds = [
    'Community Centre',
    'Community Council',
    'Sports Centre',
    'Family Resource Centre',
    'Community',
  ];
  const register: MatchEntry[] = Array.from({ length: 6000 }, (_, index) => ({
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    name: `${places[index % places.length]} ${kinds[Math.floor(index / 8) % kinds.length]} ${index % 3 === 0 ? 'CLG' : `Number ${Math.floor(index / 40)}`}`,
    altNames: index % 11 === 0 ? [`${places[(index + 1) % places.length]} Centre`] : [],
    numbers: [],
  }));
  // One typo from "Kelly", but not with its first letter: not in view of a line that says "Kelly".
  register.push({ id: 'skelly', name: 'Skelly Trust', altNames: [], numbers: [] });
  register.push({ id: 'kelly', name: 'Kelly Trust', altNames: [], numbers: [] });
  const lines = [
    'Kelly',
    'Sports Community Centre Council',
    'Community Centre',
    'community',
    'Tuam Community Centre',
    'Tuam Comunity Centre CLG',
    'Centre Community Sligo Number 12',
    'Family Resource Centre',
    'Ennis Sports Centre Number 4',
    'Dingle Centre',
    'Ennis Comunity',
    'Dennis Sports',
    'Clones Community Councl Number 99',
  ];
  const fast = new Matcher(register);
  const reference = referenceMatcher(register);
  for (const line of lines) assert.deepEqual(fast.match(line), reference(line), line);
});
