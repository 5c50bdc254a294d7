// An edition's snapshot: every organisation's record and every list's members at one crawl, read
// from a data folder (docs/crawling.md: "Storage contract") and kept as one gzipped JSON-lines file per
// edition (docs/publishing.md: "Editions"). One line per organisation or list, in an order set by
// their content alone, so that two snapshots of the same register are the same bytes and
// `zcat snapshot.jsonl.gz | grep` works for anyone.
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { DISCOVERED_LIST, GROUP_LISTS } from '../lib/data-layout.ts';
import { isPlainObject } from '../lib/objects.ts';
import { recordName } from '../records/organisation.ts';
import { boundedRecord } from '../records/record-bounds.ts';
import {
  forEachRecord,
  readGroupList,
  readVoluntaryCodeMembers,
  readVoluntaryCodes,
  voluntaryCodeMemberFiles,
  type ListEntry,
  type RecordVisitor,
  type Unreadable,
} from '../records/data-folder.ts';
import { parseRecord } from '../records/record-json.ts';
import type { z } from 'zod';
import { keptEdition, parseEditionFile } from '../schemas/edition.ts';

/** `{ id, name }` of a list entry; the id lower-cased, as lists and records are matched. */
export interface Member {
  id: string;
  name: string;
}

export interface SnapshotOrganisation {
  /** Lower-case GUID. */
  id: string;
  /** The record as the API sent it (parsed). */
  record: Record<string, unknown>;
  /** Set when this crawl could not fetch the record: the edition whose record this is. */
  carriedFrom?: string;
}

export interface SnapshotList {
  /** A group list's operation name (`registeredCharities`…, `discovered`) or a voluntary code id. */
  name: string;
  kind: 'list' | 'voluntaryCode';
  /** A voluntary code's description, when the API gave one. */
  description?: string;
  /** Sorted by id. */
  members: Member[];
}

export interface EditionSnapshot {
  /** Keyed by lower-case id. */
  organisations: Map<string, SnapshotOrganisation>;
  /** Keyed by `list:<name>` or `voluntaryCode:<id>` (see `listKey`). */
  lists: Map<string, SnapshotList>;
}

export function listKey(list: Pick<SnapshotList, 'kind' | 'name'>): string {
  return `${list.kind}:${list.name}`;
}

export function emptySnapshot(): EditionSnapshot {
  return { organisations: new Map(), lists: new Map() };
}

/** The entries of a list as an edition keeps them: sorted by id, so that equal lists are equal bytes. */
function sortedMembers(entries: readonly ListEntry[]): Member[] {
  return [...entries].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * How a data folder's records are read: each one once, handed to `visit` (src/records/data-folder.ts),
 * a file that cannot be read listed in `unreadable`. The build passes a reader that also serves the
 * site from the same reading.
 */
export type RecordsReader = (dataDir: string, visit: RecordVisitor, unreadable: Unreadable[]) => void;

const readRecords: RecordsReader = (dataDir, visit, unreadable) => forEachRecord(dataDir, unreadable, visit);

export interface ReadDataFolderOptions {
  read?: RecordsReader;
  /** Where the files that cannot be read are listed (as the register lists them); left out of the snapshot. */
  unreadable?: Unreadable[];
}

/**
 * Reads a data folder written by the crawler into a snapshot, through the record model's reader
 * of the data folder. Unreadable files are left out, and listed in `options.unreadable`.
 */
export function readDataFolder(dataDir: string, options: ReadDataFolderOptions = {}): EditionSnapshot {
  const { read = readRecords, unreadable = [] } = options;
  const snapshot = emptySnapshot();
  read(
    dataDir,
    (id, _bytes, record) => {
      // A field nested past what JSON.stringify and the diff can walk is left out of the edition, and
      // text past the record model's limits is cut, as the model does for the pages (which note it):
      // the changes pages and the gone organisations' pages show no more of a record than its page.
      if (isPlainObject(record)) snapshot.organisations.set(id, { id, record: boundedRecord(record) });
    },
    unreadable,
  );
  const addList = (list: SnapshotList) => snapshot.lists.set(listKey(list), list);
  for (const name of [...GROUP_LISTS, DISCOVERED_LIST]) {
    const list = readGroupList(dataDir, name, unreadable);
    if (list.known) addList({ name, kind: 'list', members: sortedMembers(list.entries) });
  }
  const described = new Map<string, string | undefined>();
  for (const code of readVoluntaryCodes(dataDir, unreadable)) described.set(code.id, code.description);
  const memberFiles = new Set(voluntaryCodeMemberFiles(dataDir));
  for (const file of memberFiles) {
    const id = file.slice(0, -'.json'.length);
    if (!described.has(id)) described.set(id, undefined);
  }
  for (const [id, description] of [...described].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const file = `${id}.json`;
    addList({
      name: id,
      kind: 'voluntaryCode',
      ...(description === undefined ? {} : { description }),
      members: memberFiles.has(file) ? sortedMembers(readVoluntaryCodeMembers(dataDir, file, unreadable).entries) : [],
    });
  }
  return snapshot;
}

type Line =
  | { type: 'organisation'; id: string; record: Record<string, unknown>; carriedFrom?: string }
  | {
      type: 'list';
      name: string;
      kind: SnapshotList['kind'];
      description?: string;
      members: [string, string][];
    };

/** An organisation's line of a snapshot (and of a delta, src/editions/register.ts). */
export function organisationLine(organisation: SnapshotOrganisation): string {
  const line: Line = { type: 'organisation', id: organisation.id, record: organisation.record };
  if (organisation.carriedFrom !== undefined) line.carriedFrom = organisation.carriedFrom;
  return `${JSON.stringify(line)}\n`;
}

/** A list's line of a snapshot. */
export function listLine(list: SnapshotList): string {
  const line: Line = {
    type: 'list',
    name: list.name,
    kind: list.kind,
    ...(list.description === undefined ? {} : { description: list.description }),
    members: list.members.map((member) => [member.id, member.name]),
  };
  return `${JSON.stringify(line)}\n`;
}

/**
 * The snapshot's lines as an edition stores them: organisations by id, then lists by key, one JSON
 * object a line. Their text is what an edition's content hash covers (src/editions/register.ts).
 */
export function* snapshotLines(snapshot: EditionSnapshot): Generator<string> {
  for (const id of [...snapshot.organisations.keys()].sort()) yield organisationLine(snapshot.organisations.get(id)!);
  for (const key of [...snapshot.lists.keys()].sort()) yield listLine(snapshot.lists.get(key)!);
}

/**
 * How an edition's files are gzipped: the most compression gzip has. Any gzip reads them, and
 * gzip files joined end to end are one gzip file (the release's history file is written so).
 */
export const EDITION_GZIP = { level: 9, memLevel: 9 } as const;

/** A record's text field, or `''` when it has none (an API's record is read as it comes). */
function textField(record: Record<string, unknown>, field: string): string {
  const value = record[field];
  return typeof value === 'string' ? value : '';
}

/**
 * The snapshot's lines as a snapshot file stores them: the same lines as `snapshotLines`, the
 * organisations grouped by sub-sector, then county, then name (then id), the lists after them.
 * gzip finds its repeats within the last 32 kB, about a dozen records: records of one kind of
 * organisation in one place share the most text (regulators, sources, the wording of their
 * objects), so grouped they take some 15% fewer bytes than in id order (measured on the sample
 * register). Reading puts them back by id (`readSnapshot`); the hash covers `snapshotLines`, not
 * this order.
 */
export function* storedSnapshotLines(snapshot: EditionSnapshot): Generator<string> {
  const keyed = [...snapshot.organisations.values()].map((organisation) => ({
    organisation,
    key: [
      textField(organisation.record, 'subSectorCode'),
      textField(organisation.record, 'county'),
      textField(organisation.record, 'name'),
      organisation.id,
    ],
  }));
  keyed.sort((a, b) => {
    for (let index = 0; index < a.key.length; index++) {
      const [x, y] = [a.key[index]!, b.key[index]!];
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  });
  for (const { organisation } of keyed) yield organisationLine(organisation);
  for (const key of [...snapshot.lists.keys()].sort()) yield listLine(snapshot.lists.get(key)!);
}

/** Writes a snapshot as gzipped JSON lines, through a temporary file and a rename. */
export async function writeSnapshot(path: string, snapshot: EditionSnapshot): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    await pipeline(Readable.from(storedSnapshotLines(snapshot)), createGzip(EDITION_GZIP), createWriteStream(temporary));
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** The lines of a gzipped JSON-lines file of an edition, each with its line number, as text. */
export async function* gzippedLines(path: string): AsyncGenerator<[number, string]> {
  const input = createReadStream(path).pipe(createGunzip());
  let number = 0;
  for await (const text of createInterface({ input, crlfDelay: Infinity })) {
    number += 1;
    if (text !== '') yield [number, text];
  }
}

type SnapshotLine = z.infer<typeof keptEdition.snapshotLine>;

/** Puts one line of a snapshot (or a whole list or organisation of a delta) into `snapshot`. */
export function addSnapshotLine(snapshot: EditionSnapshot, line: SnapshotLine): void {
  if (line.type === 'organisation') {
    // Ids in lower case (the schema reads them so), as the data folder's are: an edition from
    // elsewhere that gives one in other capitals is still the same organisation (and its page),
    // and the first line of it wins.
    const id = line.id;
    if (snapshot.organisations.has(id)) return;
    snapshot.organisations.set(id, {
      id,
      record: line.record,
      ...(line.carriedFrom === undefined ? {} : { carriedFrom: line.carriedFrom }),
    });
  } else {
    const list: SnapshotList = {
      name: line.name,
      kind: line.kind,
      ...(line.description === undefined ? {} : { description: line.description }),
      members: line.members.map(([id, name]) => ({ id, name })),
    };
    snapshot.lists.set(listKey(list), list);
  }
}

export async function readSnapshot(path: string): Promise<EditionSnapshot> {
  const snapshot = emptySnapshot();
  for await (const [number, text] of gzippedLines(path)) {
    // Amounts as written, as the data folder's records are read: the same record compares the same.
    addSnapshotLine(snapshot, parseEditionFile(`${path} line ${number}`, keptEdition.snapshotLine, parseRecord(text)));
  }
  return snapshot;
}

/** The name of an organisation as its record gives it, else as a list does, else its id. */
export function nameOf(organisation: SnapshotOrganisation | undefined, fallback: string): string {
  return (organisation && recordName(organisation.record)) ?? fallback;
}
