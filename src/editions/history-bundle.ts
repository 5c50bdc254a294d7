// Every edition in one file, for the release folder (docs/publishing.md: "History kept for good"):
// `orgdir-editions.jsonl.gz`, the editions oldest first, each as a line `{"type":"edition",...}`
// with its edition.json, a line `{"type":"changes",...}` with its changes.json, then the lines of
// its register file (a snapshot's or a delta's, src/editions/register.ts). It is written by
// appending each stored register file's gzip stream as it is (a gzip file may hold several), so
// it costs no compression; a new machine unpacks it into an editions folder (src/editions/carry.ts)
// and checks every edition's register against its hash before keeping any.
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { createGzip, gzipSync } from 'node:zlib';
import { z } from 'zod';
import { fetchedEdition, firstIssue } from '../schemas/edition.ts';
import { DELTA_FILE, SNAPSHOT_FILE, walkEditionRegisters } from './register.ts';

export const HISTORY_FILE = 'orgdir-editions.jsonl.gz';

/** The register file of the edition in `folder`, as its edition.json says it is stored. */
function registerFile(meta: { register?: { format: string } }): string {
  return meta.register?.format === 'delta' ? DELTA_FILE : SNAPSHOT_FILE;
}

async function* historyChunks(folders: readonly string[]): AsyncGenerator<Buffer> {
  for (const folder of folders) {
    const meta = JSON.parse(readFileSync(join(folder, 'edition.json'), 'utf8')) as { register?: { format: string } };
    const changes: unknown = JSON.parse(readFileSync(join(folder, 'changes.json'), 'utf8'));
    yield gzipSync(
      `${JSON.stringify({ type: 'edition', edition: meta })}\n${JSON.stringify({ type: 'changes', changes })}\n`,
    );
    yield* createReadStream(join(folder, registerFile(meta))) as AsyncIterable<Buffer>;
  }
}

/** Writes the editions in `folders` (oldest first, each a complete edition folder) into `path`. */
export async function writeHistoryBundle(folders: readonly string[], path: string): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    await pipeline(Readable.from(historyChunks(folders)), createWriteStream(temporary));
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

const historyLine = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('edition'), edition: fetchedEdition.meta }),
  z.strictObject({ type: z.literal('changes'), changes: fetchedEdition.changes }),
]);

/**
 * Unpacks a history file's lines (given one by one, as text) into edition folders under `into`,
 * every line checked against its schema, then every edition's register rebuilt and checked
 * against its hash. Answers the editions' ids, oldest first; throws, naming the line, on the first
 * problem.
 */
export async function unpackHistory(lines: AsyncIterable<string>, into: string): Promise<string[]> {
  const ids: string[] = [];
  let output: { folder: string; gzip: Writable; done: Promise<void>; lineSchema: z.ZodType } | undefined;
  let meta: z.infer<typeof fetchedEdition.meta> | undefined;
  const close = async () => {
    if (output === undefined || meta === undefined) return;
    output.gzip.end();
    await output.done;
    // Written last, as an edition is: a folder with edition.json is complete.
    await writeFile(join(output.folder, 'edition.json'), `${JSON.stringify(meta, null, 2)}\n`);
  };
  let number = 0;
  for await (const text of lines) {
    number += 1;
    if (text === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new Error(`${HISTORY_FILE} line ${number} is not JSON`);
    }
    const type = (value as { type?: unknown } | null)?.type;
    if (type === 'edition' || type === 'changes') {
      const parsed = historyLine.safeParse(value);
      if (!parsed.success) throw new Error(`${HISTORY_FILE} line ${number}: ${firstIssue(parsed.error)}`);
      if (parsed.data.type === 'edition') {
        await close();
        meta = parsed.data.edition;
        if (ids.includes(meta.id)) throw new Error(`${HISTORY_FILE} line ${number}: edition ${meta.id} again`);
        ids.push(meta.id);
        const folder = join(into, meta.id);
        mkdirSync(folder, { recursive: true });
        const gzip = createGzip({ level: 9 });
        const done = finished(gzip.pipe(createWriteStream(join(folder, registerFile(meta)))));
        const lineSchema = meta.register?.format === 'delta' ? fetchedEdition.deltaLine : fetchedEdition.snapshotLine;
        output = { folder, gzip, done, lineSchema };
      } else {
        if (output === undefined) throw new Error(`${HISTORY_FILE} line ${number}: changes before any edition`);
        await writeFile(join(output.folder, 'changes.json'), `${JSON.stringify(parsed.data.changes, null, 1)}\n`);
      }
      continue;
    }
    if (output === undefined) throw new Error(`${HISTORY_FILE} line ${number}: a register's line before any edition`);
    const parsed = output.lineSchema.safeParse(value);
    if (!parsed.success) throw new Error(`${HISTORY_FILE} line ${number}: ${firstIssue(parsed.error)}`);
    // The line's own text: the hash covers the text the register rebuilds to, not this file's.
    if (!output.gzip.write(`${text}\n`)) await new Promise((resolve) => output!.gzip.once('drain', resolve));
  }
  await close();
  const folders = ids.map((id) => join(into, id));
  for (const folder of folders) {
    if (!existsSync(join(folder, 'changes.json'))) throw new Error(`${HISTORY_FILE}: ${folder} has no changes`);
  }
  await walkEditionRegisters(into, folders, () => {}, { check: true });
  return ids;
}
