// The one reader of a data folder (docs/crawling.md: "Storage contract"): its record files, group lists,
// voluntary codes and their member lists, each file opened here and nowhere else (the manifest by
// src/lib/manifest-file.ts, which the crawl shares). The register (./register.ts) and the editions'
// snapshot (src/editions/edition-file.ts) are both built from these readings, so a file that
// cannot be read is reported the same way, as an `Unreadable` entry, whoever reads it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readVoluntaryCode, type VoluntaryCode, type VoluntaryCodeEntry } from '../schemas/index.ts';
import { GUID_PATTERN } from '../schemas/common.ts';
import { DATA_LAYOUT, GROUP_LISTS, type GroupList } from '../lib/data-layout.ts';
import { objectOf, textOf } from '../lib/text.ts';
import { readOrganisation, type Organisation } from './organisation.ts';
import { parseRecord } from './record-json.ts';

/** A file of the data folder that could not be read, and why. */
export interface Unreadable {
  file: string;
  reason: string;
}

/** What a caller may do with each record as it is read, before its bytes are let go. */
export interface RecordVisitor {
  /** `bytes` are the file's exact content; `record` is them parsed. Called in file-name order. */
  (id: string, bytes: Buffer, record: unknown, organisation: Organisation): void;
}

/** One entry of a list answer: `{ id, name }`, the id in lower case, the name `''` when none. */
export interface ListEntry {
  id: string;
  name: string;
}

/** A list file as read: whether the folder has it, and its entries. */
export interface ListFile {
  known: boolean;
  /** In the order given, each id once (its first entry). */
  entries: ListEntry[];
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A JSON file's value; `undefined` when there is no such file, or (reported) when it is broken. */
function readJson(file: string, unreadable: Unreadable[]): unknown {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    unreadable.push({ file, reason: message(error) });
    return undefined;
  }
}

/** The `{ id, name }` entries of a list answer, ids lower-cased, each id once. */
function listEntriesOf(value: unknown): ListEntry[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const entries: ListEntry[] = [];
  for (const element of value) {
    const entry = objectOf(element);
    const id = textOf(entry['id'])?.toLowerCase();
    if (!id || seen.has(id)) continue;
    seen.add(id);
    entries.push({ id, name: textOf(entry['name']) ?? '' });
  }
  return entries;
}

function readListFile(file: string, unreadable: Unreadable[]): ListFile {
  return { known: existsSync(file), entries: listEntriesOf(readJson(file, unreadable)) };
}

/** A group list (`registeredCharities`…, `discovered`) by its operation name. */
export function readGroupList(dataDir: string, name: string, unreadable: Unreadable[]): ListFile {
  return readListFile(join(dataDir, DATA_LAYOUT.lists, `${name}.json`), unreadable);
}

/** The codes of `voluntary-codes.json`, each id once (its first entry), in the order given. */
export function readVoluntaryCodes(dataDir: string, unreadable: Unreadable[]): VoluntaryCode[] {
  const listed = readJson(join(dataDir, DATA_LAYOUT.voluntaryCodes), unreadable);
  const codes = new Map<string, VoluntaryCode>();
  for (const entry of Array.isArray(listed) ? listed : []) {
    if (typeof entry !== 'string' && (entry === null || typeof entry !== 'object')) continue;
    const code = readVoluntaryCode(entry as VoluntaryCodeEntry);
    if (code && !codes.has(code.id)) codes.set(code.id, code);
  }
  return [...codes.values()];
}

/** The names of the member list files (`<code>.json`), in the order the folder gives them. */
export function voluntaryCodeMemberFiles(dataDir: string): string[] {
  const folder = join(dataDir, DATA_LAYOUT.voluntaryCodeMembers);
  return existsSync(folder) ? readdirSync(folder).filter((file) => file.endsWith('.json')) : [];
}

/** The members of one code, from its file as `voluntaryCodeMemberFiles` names it. */
export function readVoluntaryCodeMembers(dataDir: string, file: string, unreadable: Unreadable[]): ListFile {
  return readListFile(join(dataDir, DATA_LAYOUT.voluntaryCodeMembers, file), unreadable);
}

/**
 * The record files of a data folder: `<guid>.json`, the GUID in any case (its lower case is the
 * id). Anything else there, or a second file of one id, is reported and left out.
 */
export function recordFiles(dataDir: string, unreadable: Unreadable[]): { id: string; file: string }[] {
  const folder = join(dataDir, DATA_LAYOUT.organisations);
  const names = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.json')) : [];
  const seen = new Set<string>();
  const files: { id: string; file: string }[] = [];
  for (const name of names.sort()) {
    const stem = name.slice(0, -'.json'.length);
    const file = join(folder, name);
    if (!GUID_PATTERN.test(stem)) {
      unreadable.push({ file, reason: 'the file name is not an organisation id (a GUID)' });
      continue;
    }
    const id = stem.toLowerCase();
    // Page names are lower case: two files differing only in case would claim one page.
    if (seen.has(id)) {
      unreadable.push({ file, reason: 'another record has the same id apart from case' });
      continue;
    }
    seen.add(id);
    files.push({ id, file });
  }
  return files;
}

/**
 * Reads every record file of a data folder once, in file-name order, handing each to `visit`;
 * a file that cannot be read or parsed is listed in `unreadable`.
 */
export function forEachRecord(dataDir: string, unreadable: Unreadable[], visit: RecordVisitor): void {
  for (const { id, file } of recordFiles(dataDir, unreadable)) {
    let bytes: Buffer;
    let record: unknown;
    try {
      bytes = readFileSync(file);
      record = parseRecord(bytes.toString('utf8'));
    } catch (error) {
      unreadable.push({ file, reason: message(error) });
      continue;
    }
    visit(id, bytes, record, readOrganisation(record, id));
  }
}

/** One list answer as stored: the exact bytes the API sent, and which operation sent them. */
export interface StoredListAnswer {
  operation: 'voluntaryCodes' | 'voluntaryCodeMembers' | GroupList;
  /** The voluntary code, for `voluntaryCodeMembers`. */
  code?: string;
  bytes: Buffer;
}

/**
 * The list answers of a data folder as the API sent them, byte for byte (the replayed API serves
 * them): the voluntary codes, each code's members and the group lists that were stored.
 */
export function storedListAnswers(dataDir: string): StoredListAnswer[] {
  const answers: StoredListAnswer[] = [];
  const read = (file: string) => (existsSync(file) ? readFileSync(file) : undefined);
  const codes = read(join(dataDir, DATA_LAYOUT.voluntaryCodes));
  if (codes) answers.push({ operation: 'voluntaryCodes', bytes: codes });
  for (const file of voluntaryCodeMemberFiles(dataDir).sort()) {
    const bytes = read(join(dataDir, DATA_LAYOUT.voluntaryCodeMembers, file));
    if (bytes)
      answers.push({ operation: 'voluntaryCodeMembers', code: file.slice(0, -'.json'.length), bytes });
  }
  for (const list of GROUP_LISTS) {
    const bytes = read(join(dataDir, DATA_LAYOUT.lists, `${list}.json`));
    if (bytes) answers.push({ operation: list, bytes });
  }
  return answers;
}
