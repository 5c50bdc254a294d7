// Files fetched from where a release is published, each bounded: downloaded only up to a limit of
// bytes and while the host keeps sending, read against its schema, and a gzipped JSON-lines file
// read line by line within a limit of expanded bytes and of line length. Any problem is an
// UnfitFile, which names the file: the build says so and goes on as a first edition.
import { createReadStream, createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { errors, request, type Dispatcher } from 'undici';
import type { z } from 'zod';
import { formatBytes } from '../lib/bytes.ts';
import { firstIssue } from '../schemas/edition.ts';

/** The longest line of a JSON-lines file. */
const LONGEST_LINE = 64 * 1_000_000;

/** A problem with one fetched file: the build says which, and goes on as a first edition. */
export class UnfitFile extends Error {}

/** A stream stage that passes bytes through and stops once more than `limit` went by. */
function bounded(limit: number, what: string): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > limit ? new UnfitFile(`${what} is over ${formatBytes(limit)}`) : undefined, chunk);
    },
  });
}

/** How a release's files are fetched: through which connections, and within which time limits. */
export interface Fetching {
  dispatcher: Dispatcher;
  /** Raised when the whole fetch has taken its time. */
  deadline: AbortSignal;
  /** The longest a file may send nothing, its headers or its next bytes, in milliseconds. */
  idleMs: number;
}

/**
 * Fetches `url` into `file`, refusing an answer other than 200, one over `limit` bytes and one
 * that sends nothing for `idleMs`: a host that stalls is named, as a host that sends too much is.
 */
export async function download(url: string, file: string, limit: number, fetching: Fetching): Promise<void> {
  const name = new URL(url).pathname.split('/').at(-1) ?? url;
  const { dispatcher, deadline: signal, idleMs } = fetching;
  try {
    const response = await request(url, { dispatcher, headersTimeout: idleMs, bodyTimeout: idleMs, signal });
    const declared = Number(response.headers['content-length']);
    if (response.statusCode !== 200 || declared > limit) {
      await response.body.dump().catch(() => {});
      throw new UnfitFile(
        response.statusCode !== 200
          ? `${url} answered ${response.statusCode}`
          : `${name} is ${formatBytes(declared)}, over ${formatBytes(limit)}`,
      );
    }
    await pipeline(response.body, bounded(limit, name), createWriteStream(file, { flags: 'wx' }), { signal });
  } catch (error) {
    if (error instanceof errors.HeadersTimeoutError || error instanceof errors.BodyTimeoutError)
      throw new UnfitFile(
        `${name} sent nothing for ${idleMs / 1000} s, the longest a file may stall (--release-idle-timeout)`,
      );
    throw error;
  }
}

/** Reads a fetched JSON file against its schema. */
export async function readJsonFile<T>(file: string, schema: z.ZodType<T>, name: string): Promise<T> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    throw new UnfitFile(`${name} is not JSON`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new UnfitFile(`${name} is not an edition's file (${firstIssue(parsed.error)})`);
  return parsed.data;
}

/**
 * Reads a fetched gzipped JSON-lines file line by line, each against `schema`, bounded in expanded
 * size and line length: the file is never held whole, and a file that expands without end is cut
 * off at the limit. Hands each line to `visit`.
 */
export async function readLinesFile<T>(
  file: string,
  schema: z.ZodType<T>,
  name: string,
  expanded: number,
  visit: (line: T) => void,
): Promise<void> {
  let number = 0;
  const check = (text: string) => {
    number += 1;
    if (text === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new UnfitFile(`${name} line ${number} is not JSON`);
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new UnfitFile(`${name} line ${number}: ${firstIssue(parsed.error)}`);
    visit(parsed.data);
  };
  try {
    await pipeline(
      createReadStream(file),
      createGunzip(),
      bounded(expanded, `${name}, expanded,`),
      async (chunks: AsyncIterable<Buffer>) => {
        // The line so far, in the pieces it came in: joined once, when its end arrives.
        let pieces: Buffer[] = [];
        let length = 0;
        for await (const chunk of chunks) {
          let start = 0;
          for (let end = chunk.indexOf(10); end !== -1; end = chunk.indexOf(10, start)) {
            check(Buffer.concat([...pieces, chunk.subarray(start, end)]).toString('utf8'));
            pieces = [];
            length = 0;
            start = end + 1;
          }
          pieces.push(chunk.subarray(start));
          length += chunk.length - start;
          if (length > LONGEST_LINE)
            throw new UnfitFile(`${name} has a line over ${formatBytes(LONGEST_LINE)}`);
        }
        check(Buffer.concat(pieces).toString('utf8'));
      },
    );
  } catch (error) {
    if (error instanceof UnfitFile) throw error;
    throw new UnfitFile(`${name} does not read as gzip (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** The lines of a gzipped file, as text (already checked by `readLinesFile`). */
export async function* textLines(file: string): AsyncGenerator<string> {
  const input = createReadStream(file).pipe(createGunzip());
  yield* createInterface({ input, crlfDelay: Infinity });
}
