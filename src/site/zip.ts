// A zip writer for a folder of many small files, entry by entry in the order given, with sizes
// known up front (no data descriptors). A page added as it is rendered is deflated synchronously:
// the writer runs on a thread of its own (archive-thread.ts) and leaves libuv's thread pool, shared
// by the whole process, to Astro, whose every page waits on it for file writes and hashes. The rest
// of the site is deflated on that pool, several files at a time, once the pages are written. A
// large file (the downloads: 430 MB of JSON at 100,000 organisations) is streamed, and its header
// filled in once its CRC and size are known, so that no file is ever held whole in memory. A
// streaming zip library spent more on its per-entry streams than on compressing: 14 CPU seconds
// for a 10,000-organisation site, against about 6 here. ZIP64 records are added when the archive
// needs them: past 65,535 entries (a 30,000-organisation site has some 60,000 files) or past
// 4 GiB. Format: PKWARE APPNOTE.TXT 6.3.
import { open, type FileHandle } from 'node:fs/promises';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { crc32, createDeflateRaw, deflateRaw, deflateRawSync } from 'node:zlib';

const deflate = promisify(deflateRaw);

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP64_END_OF_CENTRAL_DIRECTORY = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EXTRA = 0x0001;
/** General purpose flag bit 11: names are UTF-8. */
const UTF8_NAMES = 0x0800;
const STORED = 0;
const DEFLATED = 8;
/** Version 4.5 (ZIP64), made on Unix so that the mode in the external attributes is read. */
const VERSION_NEEDED = 45;
const VERSION_MADE_BY = (3 << 8) | VERSION_NEEDED;
const MAX_16 = 0xffff;
const MAX_32 = 0xffffffff;
/** Files deflated ahead of the one being written by `addFiles`: enough to keep the pool busy. */
const READ_AHEAD = 16;
/** Output is written in pieces of about this size. */
const WRITE_CHUNK = 1 << 20;
/** Files of this size or more are streamed rather than read whole. */
const STREAM_FROM = 8 << 20;
/**
 * zlib's memLevel: 9 deflates the site's pages a sixth faster than the default 8 at the same
 * size (220 µs against 267 µs for a 15 kB page).
 */
const MEM_LEVEL = 9;

export interface ZipOptions {
  /** The time stored on every entry (local time, two-second resolution, as the format has it). */
  mtime: Date;
  /** Unix mode of every entry. Default 0o100644. */
  mode?: number;
  /** zlib level, 1 (fastest) to 9. Default 6. */
  level?: number;
  /** Files of at least this many bytes are streamed, never held whole. Default 8 MiB. */
  streamFrom?: number;
}

interface Entry {
  /** Kept as text until written: tens of thousands of small Buffers held at once cost far more. */
  path: string;
  nameLength: number;
  crc: number;
  method: number;
  compressedSize: number;
  size: number;
  offset: number;
}

/** MS-DOS date and time of `date` in local time, as zip tools show it. */
export function dosDateTime(date: Date): { date: number; time: number } {
  const year = Math.min(Math.max(date.getFullYear(), 1980), 2107);
  return {
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
  };
}

function localHeader(entry: Entry, dos: { date: number; time: number }): Buffer {
  const header = Buffer.alloc(30 + entry.nameLength);
  header.writeUInt32LE(LOCAL_HEADER, 0);
  header.writeUInt16LE(VERSION_NEEDED, 4);
  header.writeUInt16LE(UTF8_NAMES, 6);
  header.writeUInt16LE(entry.method, 8);
  header.writeUInt16LE(dos.time, 10);
  header.writeUInt16LE(dos.date, 12);
  header.writeUInt32LE(entry.crc, 14);
  // A single file of the site is far below 4 GiB; only offsets and counts can need ZIP64.
  header.writeUInt32LE(entry.compressedSize, 18);
  header.writeUInt32LE(entry.size, 22);
  header.writeUInt16LE(entry.nameLength, 26);
  header.writeUInt16LE(0, 28);
  header.write(entry.path, 30, 'utf8');
  return header;
}

function centralHeader(entry: Entry, dos: { date: number; time: number }, mode: number): Buffer {
  const zip64Offset = entry.offset >= MAX_32;
  const extra = zip64Offset ? 12 : 0;
  const header = Buffer.alloc(46 + entry.nameLength + extra);
  header.writeUInt32LE(CENTRAL_HEADER, 0);
  header.writeUInt16LE(VERSION_MADE_BY, 4);
  header.writeUInt16LE(VERSION_NEEDED, 6);
  header.writeUInt16LE(UTF8_NAMES, 8);
  header.writeUInt16LE(entry.method, 10);
  header.writeUInt16LE(dos.time, 12);
  header.writeUInt16LE(dos.date, 14);
  header.writeUInt32LE(entry.crc, 16);
  header.writeUInt32LE(entry.compressedSize, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(entry.nameLength, 28);
  header.writeUInt16LE(extra, 30);
  // Comment length, disk number and internal attributes stay 0.
  header.writeUInt32LE((mode << 16) >>> 0, 38);
  header.writeUInt32LE(zip64Offset ? MAX_32 : entry.offset, 42);
  header.write(entry.path, 46, 'utf8');
  if (zip64Offset) {
    const at = 46 + entry.nameLength;
    header.writeUInt16LE(ZIP64_EXTRA, at);
    header.writeUInt16LE(8, at + 2);
    header.writeBigUInt64LE(BigInt(entry.offset), at + 4);
  }
  return header;
}

/** The end records; the ZIP64 pair first when a count, size or offset does not fit. */
export function endRecords(entries: number, directorySize: number, directoryOffset: number): Buffer {
  const needsZip64 = entries > MAX_16 || directorySize >= MAX_32 || directoryOffset >= MAX_32;
  const parts: Buffer[] = [];
  if (needsZip64) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(ZIP64_END_OF_CENTRAL_DIRECTORY, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE(VERSION_MADE_BY, 12);
    record.writeUInt16LE(VERSION_NEEDED, 14);
    record.writeBigUInt64LE(BigInt(entries), 24);
    record.writeBigUInt64LE(BigInt(entries), 32);
    record.writeBigUInt64LE(BigInt(directorySize), 40);
    record.writeBigUInt64LE(BigInt(directoryOffset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(ZIP64_LOCATOR, 0);
    locator.writeBigUInt64LE(BigInt(directoryOffset + directorySize), 8);
    locator.writeUInt32LE(1, 16);
    parts.push(record, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  end.writeUInt16LE(Math.min(entries, MAX_16), 8);
  end.writeUInt16LE(Math.min(entries, MAX_16), 10);
  end.writeUInt32LE(Math.min(directorySize, MAX_32), 12);
  end.writeUInt32LE(Math.min(directoryOffset, MAX_32), 16);
  parts.push(end);
  return Buffer.concat(parts);
}

/**
 * A zip written entry by entry, in the order added: entries can arrive while a site is still being
 * written (pages as they are rendered), then the rest from disk. Deflating runs ahead on the
 * thread pool; writing keeps the order. A file that deflate does not shrink is stored as it is.
 */
export class ZipWriter {
  readonly #dos: { date: number; time: number };
  readonly #mode: number;
  readonly #level: number;
  readonly #streamFrom: number;
  readonly #output: Promise<FileHandle>;
  readonly #entries: Entry[] = [];
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  #offset = 0;
  /** The last write in the queue: each entry is written after the one before it. */
  #written: Promise<void> = Promise.resolve();

  constructor(target: string, options: ZipOptions) {
    this.#dos = dosDateTime(options.mtime);
    this.#mode = options.mode ?? 0o100644;
    this.#level = options.level ?? 6;
    this.#streamFrom = options.streamFrom ?? STREAM_FROM;
    this.#output = open(target, 'w');
    // Awaited by every write; a failure to open surfaces there.
    this.#output.catch(() => undefined);
  }

  /** Adds `content` as `path`; resolves once it is written. */
  add(path: string, content: Buffer): Promise<void> {
    return this.#enqueue(() =>
      this.#emitEntry(path, content, deflateRawSync(content, { level: this.#level, memLevel: MEM_LEVEL })),
    );
  }

  /**
   * Adds the files `root/path` in the order given, deflating several at a time on libuv's thread
   * pool: for the rest of a site once its pages are written, when nothing else needs the pool.
   */
  async addFiles(root: string, paths: readonly string[]): Promise<void> {
    const ahead: Promise<void>[] = [];
    for (const path of paths) {
      if (ahead.length >= READ_AHEAD) await ahead.shift();
      const file = join(root, path);
      let added: Promise<void>;
      if (statSync(file).size >= this.#streamFrom) {
        added = this.#enqueue(() => this.#emitStreamed(path, file));
      } else {
        const content = readFileSync(file);
        const deflated = deflate(content, { level: this.#level, memLevel: MEM_LEVEL });
        deflated.catch(() => undefined);
        added = this.#enqueue(async () => this.#emitEntry(path, content, await deflated));
      }
      // Awaited in order below; a failure surfaces there, not as an unhandled rejection.
      added.catch(() => undefined);
      ahead.push(added);
    }
    await Promise.all(ahead);
  }

  /** Writes the central directory and closes the file. */
  async close(): Promise<void> {
    await this.#enqueue(async () => {
      const directoryOffset = this.#offset;
      for (const entry of this.#entries) await this.#emit(centralHeader(entry, this.#dos, this.#mode));
      const directorySize = this.#offset - directoryOffset;
      await this.#emit(endRecords(this.#entries.length, directorySize, directoryOffset), true);
    }).finally(async () => (await this.#output).close());
  }

  #enqueue(write: () => Promise<void>): Promise<void> {
    const done = this.#written.then(write);
    // A failed write fails every later one too: the archive is broken from there on.
    this.#written = done;
    return done;
  }

  async #emit(buffer: Buffer, force = false): Promise<void> {
    if (buffer.length > 0) {
      this.#pending.push(buffer);
      this.#pendingBytes += buffer.length;
      this.#offset += buffer.length;
    }
    if (this.#pendingBytes >= WRITE_CHUNK || (force && this.#pendingBytes > 0)) {
      const chunk = this.#pending;
      this.#pending = [];
      this.#pendingBytes = 0;
      await (await this.#output).writev(chunk);
    }
  }

  async #emitEntry(path: string, content: Buffer, deflated: Buffer): Promise<void> {
    const stored = deflated.length >= content.length;
    const entry: Entry = {
      path,
      nameLength: Buffer.byteLength(path, 'utf8'),
      crc: crc32(content),
      method: stored ? STORED : DEFLATED,
      compressedSize: stored ? content.length : deflated.length,
      size: content.length,
      offset: this.#offset,
    };
    this.#entries.push(entry);
    await this.#emit(localHeader(entry, this.#dos));
    await this.#emit(stored ? content : deflated);
  }

  /** Streams a large file in as one deflated entry, then fills in its header's CRC and sizes. */
  async #emitStreamed(path: string, file: string): Promise<void> {
    const entry: Entry = {
      path,
      nameLength: Buffer.byteLength(path, 'utf8'),
      crc: 0,
      method: DEFLATED,
      compressedSize: 0,
      size: 0,
      offset: this.#offset,
    };
    await this.#emit(localHeader(entry, this.#dos));
    await pipeline(
      createReadStream(file, { highWaterMark: WRITE_CHUNK }),
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          entry.crc = crc32(chunk, entry.crc);
          entry.size += chunk.length;
          yield chunk;
        }
      },
      createDeflateRaw({ level: this.#level, memLevel: MEM_LEVEL }),
      async (deflated: AsyncIterable<Buffer>) => {
        for await (const chunk of deflated) {
          entry.compressedSize += chunk.length;
          await this.#emit(chunk);
        }
      },
    );
    if (entry.size >= MAX_32 || entry.compressedSize >= MAX_32) {
      throw new Error(`${path} is 4 GiB or more: too large for an entry of this zip`);
    }
    await this.#emit(Buffer.alloc(0), true);
    const sizes = Buffer.alloc(12);
    sizes.writeUInt32LE(entry.crc, 0);
    sizes.writeUInt32LE(entry.compressedSize, 4);
    sizes.writeUInt32LE(entry.size, 8);
    await (await this.#output).write(sizes, 0, sizes.length, entry.offset + 14);
    this.#entries.push(entry);
  }
}
