// A plain static server on loopback for the benchmark's browser figures: the built site over
// http, uncompressed, as the simplest host would serve it.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.xml': 'application/xml',
};

export interface SiteServer {
  origin: string;
  close(): Promise<void>;
}

export interface ServedFolders {
  /** Served at the root. */
  root: string;
  /** Other folders served under a path of their own (`pagefind` → `/pagefind/…`). */
  mounts?: Readonly<Record<string, string>>;
  /** Pages made in memory, by path (`/page.html`). */
  pages?: Readonly<Record<string, string>>;
}

/** The folder and file a request's path names, or undefined when it would leave the folder. */
function fileFor(path: string, folders: ServedFolders): string | undefined {
  const mount = Object.entries(folders.mounts ?? {}).find(([prefix]) => path.startsWith(`/${prefix}/`));
  const [prefix, root] = mount ?? ['', folders.root];
  const file = normalize(join(root, path.slice(prefix === '' ? 0 : prefix.length + 1)));
  return file.startsWith(root) ? file : undefined;
}

export async function serveFolders(folders: ServedFolders): Promise<SiteServer> {
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const page = folders.pages?.[path];
    if (page !== undefined) {
      response.writeHead(200, { 'content-type': TYPES['.html']! }).end(page);
      return;
    }
    const file = fileFor(path, folders);
    if (file === undefined) {
      response.writeHead(403).end();
      return;
    }
    stat(file).then(
      (found) => {
        if (!found.isFile()) throw new Error('not a file');
        response.writeHead(200, {
          'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
          'content-length': found.size,
        });
        createReadStream(file).pipe(response);
      },
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
