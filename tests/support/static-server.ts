// A built site served over http on a random loopback port, as the simplest static host would:
// uncompressed, at the root or under a sub-path. The benchmark's browser figures and the browser
// tests use it alike; the tests add response headers (a Content-Security-Policy, say) and hold
// chosen files back until they let them go (a slow index, without racing a timer). The benchmark
// can also put a phone's network between it and the browser (`network`): a round trip before
// each answer and one more for each new connection, every answer's bytes through one shared
// downlink, and text gzipped as a real host sends it.
import { readFile, stat } from 'node:fs/promises';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.csv': 'text/csv; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.xml': 'application/xml',
  '.gz': 'application/gzip',
};

export interface SiteServerOptions {
  /** Where the site is mounted, starting and ending with "/"; default "/". */
  subPath?: string;
  /** Other folders served under a path of their own below the sub-path (`pagefind` → `/pagefind/…`). */
  mounts?: Readonly<Record<string, string>>;
  /** Pages made in memory, by their path below the sub-path (`/page.html`). */
  pages?: Readonly<Record<string, string>>;
  /** Headers sent with every file. */
  headers?: Readonly<Record<string, string>>;
  /** For a path (as requested, sub-path included), a promise to await before answering; none answers at once. */
  holdUntil?: (path: string) => Promise<void> | undefined;
  /**
   * A slow network between the server and the browser, with files named by their version as a
   * static host's server names them; none by default (loopback speed, uncompressed, no version).
   */
  network?: NetworkConditions;
}

/** A network as a phone meets it: what each answer waits for, and how fast all of them come in together. */
export interface NetworkConditions {
  /** Milliseconds from asking to the first byte of the answer; a new connection costs one more. */
  roundTripMs: number;
  /** The downlink every answer shares, in bits per second. */
  downlinkBitsPerSecond: number;
}

/** A phone on a busy mobile network: 150 ms round trips, 1.6 Mbit/s shared (Lighthouse's slow 4G). */
export const PHONE_NETWORK: NetworkConditions = { roundTripMs: 150, downlinkBitsPerSecond: 1_600_000 };

/** Text types a host compresses. */
const COMPRESSED = new Set(['.html', '.js', '.css', '.json', '.csv', '.txt', '.svg', '.xml']);

/** Bytes sent through the downlink at a time: answers in flight together share it chunk by chunk. */
const CHUNK_BYTES = 4096;

/**
 * One downlink shared by every answer: each chunk takes the link's next free slot and holds it for
 * its bytes' time, so answers in flight together share the bandwidth, as on a phone's radio. While
 * any answer is sending, slots follow each other without gaps, so a timer that fires late (a busy
 * machine) delays a chunk but does not slow the link.
 */
function sharedDownlink(bitsPerSecond: number): (response: ServerResponse, body: Buffer) => Promise<void> {
  let freeAt = 0;
  let sending = 0;
  return async (response, body) => {
    sending += 1;
    try {
      for (let start = 0; start < body.length; start += CHUNK_BYTES) {
        const chunk = body.subarray(start, start + CHUNK_BYTES);
        const now = performance.now();
        // Idle until now only when no other answer was sending and this one is just starting.
        const idle = sending === 1 && start === 0;
        freeAt = (idle ? Math.max(now, freeAt) : freeAt) + (chunk.length * 8 * 1000) / bitsPerSecond;
        await sleep(Math.max(0, freeAt - now));
        response.write(chunk);
      }
    } finally {
      sending -= 1;
    }
    response.end();
  };
}

export interface SiteServerOptions {
  /** Where the site is mounted, starting and ending with "/"; default "/". */
  subPath?: string;
  /** Other folders served under a path of their own below the sub-path (`pagefind` → `/pagefind/…`). */
  mounts?: Readonly<Record<string, string>>;
  /** Pages made in memory, by their path below the sub-path (`/page.html`). */
  pages?: Readonly<Record<string, string>>;
  /** Headers sent with every file. */
  headers?: Readonly<Record<string, string>>;
  /** For a path (as requested, sub-path included), a promise to await before answering; none answers at once. */
  holdUntil?: (path: string) => Promise<void> | undefined;
}
export interface SiteServer {
  /** `http://127.0.0.1:PORT` */
  origin: string;
  /** The site's root URL, ending with "/": origin plus the sub-path. */
  root: string;
  close(): Promise<void>;
}

/** The file a path below the sub-path names, or undefined when it would leave its folder. */
function fileFor(path: string, site: string, mounts: Readonly<Record<string, string>>): string | undefined {
  const mount = Object.entries(mounts).find(([prefix]) => path.startsWith(`/${prefix}/`));
  const [prefix, folder] = mount ?? ['', site];
  const file = normalize(join(folder, path.slice(prefix === '' ? 0 : prefix.length + 1)));
  return file.startsWith(normalize(folder) + sep) ? file : undefined;
}

export async function serveSite(site: string, options: SiteServerOptions = {}): Promise<SiteServer> {
  const subPath = options.subPath ?? '/';
  const { network } = options;
  const downlink = network && sharedDownlink(network.downlinkBitsPerSecond);
  /** Connections that have not answered yet: their first answer also waits for the handshake. */
  const fresh = new WeakSet<Socket>();
  const gzipped = new Map<string, Buffer>();
  const answer = async (
    response: ServerResponse,
    status: number,
    headers: Record<string, string | number>,
    body: Buffer,
    compressible: { key: string; acceptsGzip: boolean } | undefined,
    validators?: { lastModified: string; etag: string; unchanged: boolean },
  ) => {
    if (!network || !downlink) {
      response.writeHead(status, { 'content-length': body.length, ...headers }).end(body);
      return;
    }
    let sent = body;
    const encoding: Record<string, string> = {};
    if (compressible?.acceptsGzip) {
      sent = gzipped.get(compressible.key) ?? gzipSync(body);
      gzipped.set(compressible.key, sent);
      encoding['content-encoding'] = 'gzip';
    }
    const socket = response.socket;
    const handshake = socket !== null && fresh.has(socket);
    if (socket) fresh.delete(socket);
    await sleep(network.roundTripMs * (handshake ? 2 : 1));
    if (validators?.unchanged) {
      response.writeHead(304, { 'last-modified': validators.lastModified, etag: validators.etag }).end();
      return;
    }
    response.writeHead(status, {
      ...(validators && { 'last-modified': validators.lastModified, etag: validators.etag }),
      'content-length': sent.length,
      ...headers,
      ...encoding,
      vary: 'accept-encoding',
    });
    await downlink(response, sent);
  };
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const below = path.startsWith(subPath) ? `/${path.slice(subPath.length)}` : undefined;
    const page = below === undefined ? undefined : options.pages?.[below];
    const file = below === undefined ? undefined : fileFor(below, site, options.mounts ?? {});
    const acceptsGzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
    const send = async () => {
      if (page !== undefined) {
        const headers = { 'content-type': TYPES['.html']!, ...options.headers };
        await answer(response, 200, headers, Buffer.from(page), { key: path, acceptsGzip });
        return;
      }
      const found = file === undefined ? undefined : await stat(file).catch(() => undefined);
      if (file === undefined || !found?.isFile()) {
        await answer(response, 404, {}, Buffer.alloc(0), undefined);
        return;
      }
      const headers = {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        ...options.headers,
      };
      const compressible = COMPRESSED.has(extname(file)) ? { key: file, acceptsGzip } : undefined;
      // As a static host's server names a file's version (nginx's defaults: its modification time
      // and an entity tag of it and its size, no Cache-Control): the browser may keep what it
      // has read for a while (a worker's script the page has just read, say) and asks again with
      // the tag once that while has passed.
      const etag = `"${found.mtimeMs.toString(16)}-${found.size.toString(16)}"`;
      const validators = {
        lastModified: found.mtime.toUTCString(),
        etag,
        unchanged: request.headers['if-none-match'] === etag,
      };
      await answer(response, 200, headers, await readFile(file), compressible, validators);
    };
    const hold = options.holdUntil?.(path);
    void (hold ?? Promise.resolve()).then(send);
  });
  server.on('connection', (socket) => fresh.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    root: `${origin}${subPath}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
