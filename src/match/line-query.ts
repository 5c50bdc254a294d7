// What a list asks for: the column that holds its names or numbers, and what each line of it
// asks for (an organisation id, a registration number, or a name to compare).
import { numberDigits, type RegisterKind } from '../lib/identifiers.ts';
import { nameKeys, type NameKeys } from './normalise.ts';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMBER_FORMS: readonly (readonly [RegExp, RegisterKind | undefined])[] = [
  [/^IE[-\s]?CHY[-\s]?(\d+)$/i, 'charity'],
  [/^IE[-\s]?CRO[-\s]?(\d+)$/i, 'company'],
  [/^(?:RCN|CRA)\s*(?:no\.?|number)?\s*[:#]?\s*(\d+)$/i, 'charity'],
  [/^CRO\s*(?:no\.?|number)?\s*[:#]?\s*(\d+)$/i, 'company'],
  [/^CHY\s*(?:no\.?|number)?\s*[:#-]?\s*(\d+)$/i, 'chy'],
  [/^(\d[\d ]*)$/, undefined],
];

export type LineQuery =
  | { kind: 'blank' }
  | { kind: 'id'; id: string }
  | { kind: 'number'; register?: RegisterKind; number: string }
  | { kind: 'name'; keys: NameKeys };

/** What a line asks for: an organisation id, a registration number, or a name. */
export function readLine(line: string): LineQuery {
  const text = line.trim().replace(/^["'\s]+|["'\s]+$/g, '');
  if (text === '') return { kind: 'blank' };
  if (GUID.test(text)) return { kind: 'id', id: text.toLowerCase() };
  for (const [pattern, register] of NUMBER_FORMS) {
    const digits = pattern.exec(text)?.[1];
    if (digits === undefined) continue;
    const number = numberDigits(register ?? 'charity', digits);
    if (number !== undefined)
      return register ? { kind: 'number', register, number } : { kind: 'number', number };
  }
  const keys = nameKeys(text);
  return keys.normalised === '' ? { kind: 'blank' } : { kind: 'name', keys };
}

/** The column most likely to hold names or numbers: the first whose heading says so, else the first. */
export function likelyColumn(headings: readonly string[]): number {
  const at = headings.findIndex((heading) =>
    /name|organi[sz]ation|charity|grantee|recipient|number|rcn|chy|cro/i.test(heading),
  );
  return at < 0 ? 0 : at;
}
