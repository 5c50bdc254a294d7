// The editions folder (`ORGDIR_EDITIONS_DIR`, default `editions`, beside the data folder;
// docs/publishing.md: "Editions"). Every published build is one immutable folder named by its date:
//
//   <editions>/2026-11-22/edition.json       what the edition is: number, dates, counts, guard report, --accept reason,
//                                            how its register is stored and that register's SHA-256
//                         snapshot.jsonl.gz  every record and list member of that crawl (edition-file.ts), or
//                         delta.jsonl.gz     what of them changed since the edition before (register.ts)
//                         changes.json       what changed since the previous edition (diff.ts)
//                         former.jsonl.gz    every organisation no longer listed, with its last known record
//
// An edition is written as `<id>.pending` and renamed into place when the build is published
// (swap.ts), so a half-written edition is never read. Every edition is kept unless the publisher
// asks for only the last `keep`; `former.jsonl.gz` travels with the newest one, so the pages of
// organisations that left the register outlive the editions that had them.
import { createReadStream, createWriteStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { EditionChanges } from './diff.ts';
import type { GuardReport } from './guard.ts';
import type { EditionSnapshot } from './edition-file.ts';
import { makeKeyframe, readEditionRegister, writeEditionRegister, type RegisterStorage } from './register.ts';
import { EDITION_ID, keptEdition, parseEditionFile } from '../schemas/edition.ts';

export interface EditionMeta {
  /** The publish date (UTC), with `-2`, `-3`… for a second or third edition that day. */
  id: string;
  /** 1 for the first edition, then one more per edition. */
  number: number;
  /** `YYYY-MM-DD`. */
  date: string;
  /** ISO 8601, UTC. */
  publishedAt: string;
  /** The edition this one was compared with; `null` for the first. */
  previous: string | null;
  /** From the crawl's manifest. */
  crawl: { apiUrl?: string; startedAt?: string; finishedAt?: string; crawlerVersion?: string };
  counts: {
    organisations: number;
    /** Records this crawl could not fetch, carried over from the previous edition. */
    carried: number;
    /** Members per list, keyed `list:<name>` or `voluntaryCode:<id>`. */
    lists: Record<string, number>;
  };
  /** How many organisations were added, removed, changed; list and code memberships gained and lost. */
  changes: { added: number; removed: number; changed: number; joined: number; left: number };
  guard: GuardReport;
  /** Set when the build was published although checks failed (`--accept REASON`). */
  accepted?: { reason: string; failedChecks: string[] };
  /** How the edition stores its register (src/editions/register.ts); absent in an older orgdir's edition. */
  register?: RegisterStorage;
}

/** An organisation that is no longer listed: its page stays, with its last known data. */
export interface FormerOrganisation {
  id: string;
  name: string;
  /** The last edition that had it. */
  lastSeen: string;
  /** The first edition without it. */
  goneSince: string;
  record: Record<string, unknown>;
}

export interface PendingEdition {
  /** Without `register`: that is written beside the snapshot. */
  meta: Omit<EditionMeta, 'register'>;
  snapshot: EditionSnapshot;
  /** The edition before it and its register, which the new one is stored as a delta of. */
  base?: { id: string; register: EditionSnapshot };
  changes: EditionChanges;
  former: FormerOrganisation[];
}

const PENDING = '.pending';
const REMOVING = '.removing';
const JOURNAL_FILE = '.publish-journal.json';

export class EditionStore {
  readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  path(id: string): string {
    return join(this.dir, id);
  }

  pendingPath(id: string): string {
    return join(this.dir, `${id}${PENDING}`);
  }

  get journalPath(): string {
    return join(this.dir, JOURNAL_FILE);
  }

  /** The published editions, oldest first. */
  list(): EditionMeta[] {
    if (!existsSync(this.dir)) return [];
    const editions: EditionMeta[] = [];
    for (const name of readdirSync(this.dir)) {
      if (!EDITION_ID.test(name)) continue;
      let value: unknown;
      try {
        value = JSON.parse(readFileSync(join(this.dir, name, 'edition.json'), 'utf8'));
      } catch {
        // Not an edition (no readable edition.json): left alone, never read.
        continue;
      }
      const meta = keptEdition.meta.safeParse(value);
      // An edition.json that is not one (or names another folder) is no edition either.
      if (meta.success && meta.data.id === name) editions.push(meta.data);
    }
    return editions.sort((a, b) => a.number - b.number);
  }

  latest(): EditionMeta | undefined {
    return this.list().at(-1);
  }

  /** The id and number the next edition published on `date` gets. */
  nextEdition(date: Date): { id: string; number: number; date: string } {
    const editions = this.list();
    const day = date.toISOString().slice(0, 10);
    const taken = new Set(editions.map((edition) => edition.id));
    let id = day;
    for (let n = 2; taken.has(id); n++) id = `${day}-${n}`;
    return { id, number: (editions.at(-1)?.number ?? 0) + 1, date: day };
  }

  /** The register edition `id` stored, rebuilt and checked (src/editions/register.ts). */
  readSnapshot(id: string): Promise<EditionSnapshot> {
    return readEditionRegister(this.dir, id);
  }

  readChanges(id: string): EditionChanges {
    const file = join(this.path(id), 'changes.json');
    return parseEditionFile(file, keptEdition.changes, JSON.parse(readFileSync(file, 'utf8')));
  }

  /** The organisations no longer listed as of edition `id` (empty when it has no such file). */
  async readFormer(id: string): Promise<FormerOrganisation[]> {
    return readFormerFile(join(this.path(id), 'former.jsonl.gz'));
  }

  /**
   * Writes an edition to `<id>.pending`, its register as a delta of `edition.base` or whole
   * (src/editions/register.ts); publishing renames it into place. Returns what edition.json says.
   */
  async writePending(edition: PendingEdition): Promise<EditionMeta> {
    const folder = this.pendingPath(edition.meta.id);
    await rm(folder, { recursive: true, force: true });
    await mkdir(folder, { recursive: true });
    const register = await writeEditionRegister(
      folder,
      edition.snapshot,
      edition.base && { editionsDir: this.dir, ...edition.base },
    );
    await writeFile(join(folder, 'changes.json'), `${JSON.stringify(edition.changes, null, 1)}\n`);
    await writeFormerFile(join(folder, 'former.jsonl.gz'), edition.former);
    const meta: EditionMeta = { ...edition.meta, register };
    // Written last: a folder with edition.json is complete.
    await writeFile(join(folder, 'edition.json'), `${JSON.stringify(meta, null, 2)}\n`);
    return meta;
  }

  /** Removes pending editions and half-pruned ones a killed build left behind (call only when no publish is under way). */
  async removePending(): Promise<string[]> {
    if (!existsSync(this.dir)) return [];
    const removed: string[] = [];
    for (const name of readdirSync(this.dir)) {
      if (!name.endsWith(PENDING) && !name.endsWith(REMOVING)) continue;
      await rm(join(this.dir, name), { recursive: true, force: true });
      removed.push(name);
    }
    return removed;
  }

  /**
   * Keeps the newest `keep` editions (all when `keep` is undefined) and removes the rest; returns the
   * ids removed. The oldest kept edition is made a keyframe first, so that it reads without them.
   * Only the newest edition keeps `former.jsonl.gz`: each one's is the whole list, which the next
   * one's carries on.
   */
  async prune(keep: number | undefined): Promise<string[]> {
    const editions = this.list();
    for (const edition of editions.slice(0, -1)) await rm(join(this.path(edition.id), 'former.jsonl.gz'), { force: true });
    const removed = keep === undefined ? [] : editions.slice(0, Math.max(0, editions.length - Math.max(1, keep)));
    const oldestKept = editions[removed.length];
    if (removed.length > 0 && oldestKept !== undefined) await makeKeyframe(this.dir, this.path(oldestKept.id));
    for (const edition of removed) {
      // Renamed first, so that a prune killed half-way never leaves an edition without its files.
      const doomed = join(this.dir, `.${edition.id}${REMOVING}`);
      await rename(this.path(edition.id), doomed);
      await rm(doomed, { recursive: true, force: true });
    }
    return removed.map((edition) => edition.id);
  }
}

async function writeFormerFile(path: string, former: readonly FormerOrganisation[]): Promise<void> {
  const sorted = [...former].sort((a, b) => (a.id < b.id ? -1 : 1));
  await pipeline(
    Readable.from(sorted.map((organisation) => `${JSON.stringify(organisation)}\n`)),
    createGzip({ level: 9 }),
    createWriteStream(path),
  );
}

async function readFormerFile(path: string): Promise<FormerOrganisation[]> {
  if (!existsSync(path)) return [];
  const former: FormerOrganisation[] = [];
  const input = createReadStream(path).pipe(createGunzip());
  for await (const line of createInterface({ input, crlfDelay: Infinity })) {
    if (line === '') continue;
    // Ids in lower case (the schema reads them so), compared with the data folder's.
    former.push(parseEditionFile(path, keptEdition.formerLine, JSON.parse(line)));
  }
  return former;
}
