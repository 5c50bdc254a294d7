// A built site served over HTTP on a random loopback port, as a static host would: at the root or
// under a sub-path, with extra response headers (a Content-Security-Policy header, say) and chosen
// files held back until the test lets them go (a slow index, without racing a timer).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.csv': 'text/csv; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.css': 'text/css; charset=utf-8',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.gz': 'application/gzip',
};

export interface SiteServerOptions {
  /** Where the site is mounted, starting and ending with "/"; default "/". */
  subPath?: string;
  /** Headers sent with every file. */
  headers?: Record<string, string>;
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

export async function serveSite(site: string, options: SiteServerOptions = {}): Promise<SiteServer> {
  const subPath = options.subPath ?? '/';
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = path.startsWith(subPath) ? normalize(join(site, path.slice(subPath.length))) : '';
    if (!file.startsWith(site + sep) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    const send = () => {
      response.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        ...options.headers,
      });
      response.end(readFileSync(file));
    };
    const hold = options.holdUntil?.(path);
    if (hold) void hold.then(send);
    else send();
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
