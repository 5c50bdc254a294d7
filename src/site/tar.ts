// A gzipped ustar archive written entry by entry: compressed across files, so several times
// smaller than a zip, which deflates each file alone (30,000 similar pages: 24 MB zipped against
// 7.2 MB as tar.gz). Each megabyte of tar is deflated synchronously, so that the writer's thread
// does the work and libuv's shared thread pool is left to Astro, and ends on a sync flush: the
// pieces join into one deflate stream of one gzip member, as pigz writes them (RFC 1951, 1952).
// Deflate looks back only 32 kB, so pieces of a megabyte cost almost nothing in size.
import { closeSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * Headers, contents and padding are copied into zeroed pieces of a megabyte before they go to
 * gzip: one Buffer per file (60,000 at 30,000 organisations) left hundreds of megabytes for the
 * GC. A file larger than a piece goes a piece at a time, so none is ever held whole.
 */
const TAR_PIECE = 1 << 20;
const BLOCK = 512;
/** A gzip header with no name and no time (so that the same site gives the same bytes), from Unix. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);

function padded(size: number): number {
  return Math.ceil(size / BLOCK) * BLOCK;
}

/**
 * One 512-byte ustar header, of a file or (`directory`) of a folder; names longer than 100 bytes
 * are split into prefix and name.
 */
function tarHeader(path: string, size: number, mtime: Date, directory = false): Buffer {
  const header = Buffer.alloc(BLOCK);
  let name = path;
  let prefix = '';
  if (Buffer.byteLength(name) > 100) {
    const cut = path.lastIndexOf('/', 155);
    prefix = path.slice(0, cut);
    name = path.slice(cut + 1);
    if (cut <= 0 || Buffer.byteLength(name) > 100 || Buffer.byteLength(prefix) > 155) {
      throw new Error(`path too long for a tar archive: ${path}`);
    }
  }
  const octal = (value: number, length: number): string => value.toString(8).padStart(length - 1, '0') + '\0';
  header.write(name, 0, 100, 'utf8');
  header.write(octal(directory ? 0o755 : 0o644, 8), 100, 'ascii');
  header.write(octal(0, 8), 108, 'ascii');
  header.write(octal(0, 8), 116, 'ascii');
  header.write(octal(size, 12), 124, 'ascii');
  header.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  header.write('        ', 148, 'ascii');
  header.write(directory ? '5' : '0', 156, 'ascii');
  header.write('ustar\0' + '00', 257, 'ascii');
  header.write(prefix, 345, 155, 'utf8');
  let checksum = 0;
  for (const byte of header) checksum += byte;
  header.write(octal(checksum, 7) + ' ', 148, 'ascii');
  return header;
}

/** Reads `length` bytes of an open file at `position` into `target` at `offset`. */
function readExactly(
  descriptor: number,
  file: string,
  target: Buffer,
  offset: number,
  length: number,
  position: number,
): void {
  let read = 0;
  while (read < length) {
    const count = readSync(descriptor, target, offset + read, length - read, position + read);
    if (count === 0) throw new Error(`${file} became shorter while it was archived`);
    read += count;
  }
}

/** The folder an archive unpacks into: its name without `.tar.gz` (`orgdir-site.tar.gz` → `orgdir-site`). */
export function archiveFolder(archiveName: string): string {
  return archiveName.replace(/\.t(?:ar\.)?gz$/i, '');
}

/**
 * Every entry is under one folder of its own (`folder/`, its first entry), so that unpacking the
 * archive where it was saved makes that folder, not thirty files and folders beside the reader's own.
 */
export class TarGzWriter {
  readonly #mtime: Date;
  readonly #folder: string;
  readonly #level: number;
  readonly #file: number;
  #piece = Buffer.alloc(TAR_PIECE);
  #used = 0;
  #closed = false;
  /** CRC-32 and length of the tar so far, for the gzip trailer. */
  #crc = 0;
  #size = 0;

  /** `folder`: the one folder every entry is under. */
  constructor(target: string, mtime: Date, folder: string, level = 6) {
    this.#mtime = mtime;
    this.#level = level;
    this.#folder = folder;
    this.#file = openSync(target, 'w');
    this.#write(GZIP_HEADER);
    this.#room(BLOCK);
    tarHeader(`${folder}/`, 0, mtime, true).copy(this.#piece, this.#used);
    this.#used += BLOCK;
  }

  /** Adds `content` as `path` in the archive's folder. */
  add(path: string, content: Buffer): void {
    this.#addEntry(path, content.length, (target, offset, length, position) =>
      content.copy(target, offset, position, position + length),
    );
  }

  /** Adds the file `root/path` as `path` in the archive's folder, a piece at a time when large. */
  addFile(root: string, path: string): void {
    const file = join(root, path);
    const descriptor = openSync(file, 'r');
    try {
      this.#addEntry(path, fstatSync(descriptor).size, (target, offset, length, position) =>
        readExactly(descriptor, file, target, offset, length, position),
      );
    } finally {
      closeSync(descriptor);
    }
  }

  /**
   * One entry: its header, then `size` bytes that `fill` copies into the current piece a piece at
   * a time (`length` bytes from `position` of the content, at `offset` of `target`).
   */
  #addEntry(
    path: string,
    size: number,
    fill: (target: Buffer, offset: number, length: number, position: number) => void,
  ): void {
    this.#room(Math.min(BLOCK + padded(size), TAR_PIECE));
    tarHeader(`${this.#folder}/${path}`, size, this.#mtime).copy(this.#piece, this.#used);
    this.#used += BLOCK;
    for (let done = 0; done < size;) {
      const length = Math.min(TAR_PIECE, size - done);
      this.#room(padded(length));
      fill(this.#piece, this.#used, length, done);
      this.#used += padded(length);
      done += length;
    }
  }

  /** Adds the files `root/path` in the order given. */
  addFiles(root: string, paths: readonly string[]): void {
    for (const path of paths) this.addFile(root, path);
  }

  /** Ends the archive with its two zero blocks and closes the file. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    try {
      this.#room(2 * BLOCK);
      this.#used += 2 * BLOCK;
      this.#flush();
      // The last block of the deflate stream, then the trailer.
      this.#write(deflateRawSync(Buffer.alloc(0)));
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(this.#crc, 0);
      trailer.writeUInt32LE(this.#size % 2 ** 32, 4);
      this.#write(trailer);
    } finally {
      closeSync(this.#file);
    }
  }

  /** Makes room for `bytes` (at most a piece) in the current piece, gzipping a full one. */
  #room(bytes: number): void {
    if (this.#used + bytes > this.#piece.length) this.#flush();
  }

  #flush(): void {
    if (this.#used === 0) return;
    const tar = this.#piece.subarray(0, this.#used);
    this.#crc = crc32(tar, this.#crc);
    this.#size += tar.length;
    this.#write(deflateRawSync(tar, { level: this.#level, finishFlush: constants.Z_SYNC_FLUSH }));
    this.#piece.fill(0);
    this.#used = 0;
  }

  #write(bytes: Buffer): void {
    for (let written = 0; written < bytes.length;) {
      written += writeSync(this.#file, bytes, written, bytes.length - written);
    }
  }
}
