// A built site served over http on a random loopback port, as the simplest static host would:
// uncompressed, at the root or under a sub-path. The benchmark's browser figures and the browser
// tests use it alike; the tests add response headers (a Content-Security-Policy, say) and hold
// chosen files back until they let them go (a slow index, without racing a timer).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

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
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const below = path.startsWith(subPath) ? `/${path.slice(subPath.length)}` : undefined;
    const page = below === undefined ? undefined : options.pages?.[below];
    const file = below === undefined ? undefined : fileFor(below, site, options.mounts ?? {});
    const send = async () => {
      if (page !== undefined) {
        response.writeHead(200, { 'content-type': TYPES['.html']!, ...options.headers }).end(page);
        return;
      }
      const found = file === undefined ? undefined : await stat(file).catch(() => undefined);
      if (file === undefined || !found?.isFile()) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'content-length': found.size,
        ...options.headers,
      });
      createReadStream(file).pipe(response);
    };
    const hold = options.holdUntil?.(path);
    void (hold ?? Promise.resolve()).then(send);
  });
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
