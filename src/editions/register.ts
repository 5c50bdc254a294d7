// An edition's register, kept for good and compactly (docs/publishing.md: "History kept for good").
// An edition stores the register its crawl read either whole, as `snapshot.jsonl.gz` (a keyframe:
// the first edition, every edition of an older orgdir, and one whenever the deltas since the last
// keyframe would outweigh it), or as `delta.jsonl.gz`, what changed since the edition before it
// (its `base`): organisations added or changed, whole; ids removed; each list's members put and
// dropped. Its edition.json names the format and the SHA-256 of the register's snapshot lines
// (edition-file.ts, `snapshotLines`), so that every rebuild is checked against what was stored.
//
// `readEditionRegister` is the one way to read an old edition's register; `walkEditionRegisters`
// reads them all in order, each stored line once.
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, readFileSync, statSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { z } from 'zod';
import { parseRecord } from '../records/record-json.ts';
import { keptEdition, parseEditionFile } from '../schemas/edition.ts';
import {
  addSnapshotLine,
  gzippedLines,
  listKey,
  listLine,
  organisationLine,
  readSnapshot,
  snapshotLines,
  writeSnapshot,
  type EditionSnapshot,
  type Member,
  type SnapshotList,
} from './edition-file.ts';

export const SNAPSHOT_FILE = 'snapshot.jsonl.gz';
export const DELTA_FILE = 'delta.jsonl.gz';
const META_FILE = 'edition.json';

type EditionMetaFile = z.infer<typeof keptEdition.meta>;
/** How an edition stores its register (edition.json's `register`). */
export type RegisterStorage = NonNullable<EditionMetaFile['register']>;
type DeltaLine = z.infer<typeof keptEdition.deltaLine>;

/**
 * The most deltas between two keyframes: a rebuild opens at most this many files besides the
 * keyframe, however small each night's changes.
 */
const LONGEST_CHAIN = 100;

/** The SHA-256 of a register's snapshot lines, uncompressed: what a rebuild must give back. */
export function registerHash(snapshot: EditionSnapshot): string {
  const hash = createHash('sha256');
  for (const line of snapshotLines(snapshot)) hash.update(line);
  return hash.digest('hex');
}

function byId(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function hasRepeatedIds(members: readonly Member[]): boolean {
  return new Set(members.map((member) => member.id)).size !== members.length;
}

/** The line that turns `before` (absent: no such list) into `after`, or none when they are alike. */
function listChange(before: SnapshotList | undefined, after: SnapshotList): string | undefined {
  if (before !== undefined && listLine(before) === listLine(after)) return undefined;
  // A list that names one organisation twice is kept whole: a patch keyed by id could not say so.
  if (before === undefined || hasRepeatedIds(before.members) || hasRepeatedIds(after.members))
    return listLine(after);
  const had = new Map(before.members.map((member) => [member.id, member.name]));
  const has = new Set(after.members.map((member) => member.id));
  const line: DeltaLine = {
    type: 'listPatch',
    name: after.name,
    kind: after.kind,
    ...(after.description === undefined ? {} : { description: after.description }),
    put: after.members.filter((member) => had.get(member.id) !== member.name).map((member) => [member.id, member.name]),
    drop: before.members.filter((member) => !has.has(member.id)).map((member) => member.id),
  };
  return `${JSON.stringify(line)}\n`;
}

/** The lines of the delta that turns `base` into `next`, in the order of their ids and keys. */
function* deltaLines(base: EditionSnapshot, next: EditionSnapshot): Generator<string> {
  const ids = [...new Set([...base.organisations.keys(), ...next.organisations.keys()])].sort(byId);
  for (const id of ids) {
    const after = next.organisations.get(id);
    const before = base.organisations.get(id);
    if (after === undefined) yield `${JSON.stringify({ type: 'removed', id } satisfies DeltaLine)}\n`;
    else {
      const line = organisationLine(after);
      if (before === undefined || organisationLine(before) !== line) yield line;
    }
  }
  const keys = [...new Set([...base.lists.keys(), ...next.lists.keys()])].sort(byId);
  for (const key of keys) {
    const after = next.lists.get(key);
    const before = base.lists.get(key);
    if (after === undefined) {
      const line: DeltaLine = { type: 'listRemoved', name: before!.name, kind: before!.kind };
      yield `${JSON.stringify(line)}\n`;
    } else {
      const line = listChange(before, after);
      if (line !== undefined) yield line;
    }
  }
}

/** Applies one line of a delta to `snapshot`; answers the organisation it touched, if any. */
function applyDeltaLine(snapshot: EditionSnapshot, line: DeltaLine): string | undefined {
  switch (line.type) {
    case 'organisation':
      snapshot.organisations.delete(line.id);
      addSnapshotLine(snapshot, line);
      return line.id;
    case 'removed':
      snapshot.organisations.delete(line.id);
      return line.id;
    case 'list':
      addSnapshotLine(snapshot, line);
      return undefined;
    case 'listRemoved':
      snapshot.lists.delete(listKey(line));
      return undefined;
    case 'listPatch': {
      const key = listKey(line);
      const members = new Map((snapshot.lists.get(key)?.members ?? []).map((member) => [member.id, member.name]));
      for (const id of line.drop) members.delete(id);
      for (const [id, name] of line.put) members.set(id, name);
      const list: SnapshotList = {
        name: line.name,
        kind: line.kind,
        ...(line.description === undefined ? {} : { description: line.description }),
        members: [...members].map(([id, name]) => ({ id, name })).sort((a, b) => byId(a.id, b.id)),
      };
      snapshot.lists.set(key, list);
      return undefined;
    }
  }
}

/** Applies the delta file at `path` to `snapshot`; answers the organisations it touched. */
async function applyDelta(snapshot: EditionSnapshot, path: string): Promise<Set<string>> {
  const touched = new Set<string>();
  for await (const [number, text] of gzippedLines(path)) {
    const line = parseEditionFile(`${path} line ${number}`, keptEdition.deltaLine, parseRecord(text));
    const id = applyDeltaLine(snapshot, line);
    if (id !== undefined) touched.add(id);
  }
  return touched;
}

/** An edition folder's edition.json, read as a kept edition's. */
function readMeta(folder: string): EditionMetaFile {
  const file = join(folder, META_FILE);
  return parseEditionFile(file, keptEdition.meta, JSON.parse(readFileSync(file, 'utf8')));
}

/** How an edition stores its register: an edition.json without `register` is an older orgdir's snapshot. */
function storageOf(meta: EditionMetaFile): RegisterStorage | { format: 'snapshot'; sha256?: undefined } {
  return meta.register ?? { format: 'snapshot' };
}

/** The folders whose registers make the one in `folder`: its keyframe first, `folder` last. */
function chainOf(editionsDir: string, folder: string): { folder: string; meta: EditionMetaFile }[] {
  const chain = [{ folder, meta: readMeta(folder) }];
  for (let storage = storageOf(chain[0]!.meta); storage.format === 'delta'; storage = storageOf(chain[0]!.meta)) {
    if (chain.length > LONGEST_CHAIN + 1)
      throw new Error(`${folder}: its register is more than ${LONGEST_CHAIN} deltas from a snapshot`);
    const base = join(editionsDir, storage.base);
    if (!existsSync(join(base, META_FILE)))
      throw new Error(`${chain[0]!.folder}: its register is a delta of edition ${storage.base}, which is not kept`);
    chain.unshift({ folder: base, meta: readMeta(base) });
  }
  return chain;
}

/**
 * The whole snapshot file nearest to edition `id`: its own, or its keyframe's (a few nights older),
 * for a glance at which organisations a register holds without rebuilding it.
 */
export function keyframeFile(editionsDir: string, id: string): string {
  return join(chainOf(editionsDir, join(editionsDir, id))[0]!.folder, SNAPSHOT_FILE);
}

/** Throws unless `snapshot` is the register the edition of `meta` stored (when it says which). */
function checkHash(snapshot: EditionSnapshot, meta: EditionMetaFile): void {
  const expected = storageOf(meta).sha256;
  if (expected === undefined) return;
  const found = registerHash(snapshot);
  if (found !== expected)
    throw new Error(`edition ${meta.id}: its register rebuilds to SHA-256 ${found}, not the ${expected} it stored`);
}

/**
 * The register of the edition in `folder` (a kept edition, or one still pending), its bases read
 * from `editionsDir`, checked against the hash it stored.
 */
export async function readRegisterAt(editionsDir: string, folder: string): Promise<EditionSnapshot> {
  const chain = chainOf(editionsDir, folder);
  const snapshot = await readSnapshot(join(chain[0]!.folder, SNAPSHOT_FILE));
  for (const link of chain.slice(1)) await applyDelta(snapshot, join(link.folder, DELTA_FILE));
  checkHash(snapshot, chain.at(-1)!.meta);
  return snapshot;
}

/**
 * Every organisation's record and every list's members as edition `id` stored them: exactly the
 * register that night's crawl read (its snapshot lines hash to what the edition stored; an older
 * orgdir's edition, which stored no hash, is read as it was written).
 */
export function readEditionRegister(editionsDir: string, id: string): Promise<EditionSnapshot> {
  return readRegisterAt(editionsDir, join(editionsDir, id));
}

/** One edition's register met on a walk, and the organisations it differs in from the one before. */
export interface WalkedRegister {
  meta: EditionMetaFile;
  register: EditionSnapshot;
  /** Organisations added, changed or removed since the edition walked before; `all` when read whole. */
  touched: Set<string> | 'all';
}

/**
 * Reads the registers of the editions in `folders` (oldest first) in turn, each delta applied to
 * the register before it, and hands each to `visit` before the next is read: the register is one
 * object, changed in place. With `check`, every edition's register is checked against its hash.
 */
export async function walkEditionRegisters(
  editionsDir: string,
  folders: readonly string[],
  visit: (walked: WalkedRegister) => void | Promise<void>,
  options: { check?: boolean } = {},
): Promise<void> {
  let register: EditionSnapshot | undefined;
  let current: string | undefined;
  for (const folder of folders) {
    const meta = readMeta(folder);
    const storage = storageOf(meta);
    let touched: Set<string> | 'all';
    if (register !== undefined && storage.format === 'delta' && storage.base === current) {
      touched = await applyDelta(register, join(folder, DELTA_FILE));
      if (options.check === true) checkHash(register, meta);
    } else {
      register = storage.format === 'snapshot' ? await readSnapshot(join(folder, SNAPSHOT_FILE)) : await readRegisterAt(editionsDir, folder);
      if (options.check === true && storage.format === 'snapshot') checkHash(register, meta);
      touched = 'all';
    }
    current = meta.id;
    await visit({ meta, register, touched });
  }
}

async function writeLines(path: string, lines: Iterable<string>): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    await pipeline(Readable.from(lines), createGzip({ level: 9 }), createWriteStream(temporary));
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** The bytes of the deltas from the keyframe of `folder`'s chain up to it, and the keyframe's bytes. */
function chainBytes(editionsDir: string, folder: string): { deltas: number; length: number; keyframe: number } {
  const chain = chainOf(editionsDir, folder);
  const deltas = chain.slice(1).reduce((total, link) => total + statSync(join(link.folder, DELTA_FILE)).size, 0);
  return { deltas, length: chain.length - 1, keyframe: statSync(join(chain[0]!.folder, SNAPSHOT_FILE)).size };
}

/**
 * Writes `register` into the edition folder `folder`: as a delta of the edition `base` (whose
 * register is `base.register`), unless the deltas since the last keyframe, this one included, would
 * outweigh the keyframe or pass `LONGEST_CHAIN`; then whole. Answers what edition.json says of it.
 */
export async function writeEditionRegister(
  folder: string,
  register: EditionSnapshot,
  base?: { editionsDir: string; id: string; register: EditionSnapshot },
): Promise<RegisterStorage> {
  const sha256 = registerHash(register);
  if (base !== undefined) {
    const path = join(folder, DELTA_FILE);
    await writeLines(path, deltaLines(base.register, register));
    const chain = chainBytes(base.editionsDir, join(base.editionsDir, base.id));
    if (chain.deltas + statSync(path).size <= chain.keyframe && chain.length < LONGEST_CHAIN)
      return { format: 'delta', base: base.id, sha256 };
    await rm(path);
  }
  await writeSnapshot(join(folder, SNAPSHOT_FILE), register);
  return { format: 'snapshot', sha256 };
}

/**
 * Rewrites the edition in `folder` as a keyframe, so that the editions it is a delta of can go:
 * the snapshot is written first, then edition.json, then the delta removed, so that a rewrite
 * killed half-way leaves an edition that still reads.
 */
export async function makeKeyframe(editionsDir: string, folder: string): Promise<void> {
  const meta = readMeta(folder);
  const storage = storageOf(meta);
  if (storage.format !== 'delta') return;
  const register = await readRegisterAt(editionsDir, folder);
  await writeSnapshot(join(folder, SNAPSHOT_FILE), register);
  const rewritten = { ...meta, register: { format: 'snapshot', sha256: storage.sha256 } };
  const temporary = join(folder, `${META_FILE}.${process.pid}.tmp`);
  await pipeline(Readable.from([`${JSON.stringify(rewritten, null, 2)}\n`]), createWriteStream(temporary));
  await rename(temporary, join(folder, META_FILE));
  await rm(join(folder, DELTA_FILE), { force: true });
}
