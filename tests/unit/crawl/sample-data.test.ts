// The manifest says a register is made up only when the API said so: the sample API marks every
// answer, and a crawl of any other API, on this machine or not, records no mark.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crawl } from '../../../src/crawl/crawl.ts';
import { SAMPLE_DATA_HEADER } from '../../../src/lib/sample-data.ts';
import { startSampleApi } from '../../../src/sample-api/server.ts';

/** The manifest of a complete crawl of `apiUrl`. */
async function crawledManifest(apiUrl: string, key: string): Promise<Record<string, unknown>> {
  const work = mkdtempSync(join(tmpdir(), 'orgdir-sample-mark-'));
  try {
    const dataDir = join(work, 'data');
    await crawl({ apiUrl, key, dataDir, rate: 0, discover: false });
    return JSON.parse(readFileSync(join(dataDir, 'manifest.json'), 'utf8')) as Record<string, unknown>;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

test('a crawl of the sample API records that its register is made up', async () => {
  const api = await startSampleApi({ port: 0, orgs: 20 });
  try {
    const manifest = await crawledManifest(api.baseUrl, api.key);
    assert.equal(manifest['sampleData'], true);
  } finally {
    await api.close();
  }
});

test('a crawl of another API on this machine records no mark, whatever its address', async () => {
  const api = await startSampleApi({ port: 0, orgs: 20 });
  const upstream = new URL(api.baseUrl);
  // The same answers without the sample API's mark: a register served from this machine.
  const proxy = createServer((incoming, outgoing) => {
    const forwarded = request(
      { host: upstream.hostname, port: upstream.port, path: incoming.url, headers: incoming.headers },
      (answer) => {
        const headers = { ...answer.headers };
        delete headers[SAMPLE_DATA_HEADER];
        outgoing.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.end();
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = proxy.address() as AddressInfo;
    const manifest = await crawledManifest(`http://127.0.0.1:${port}${upstream.pathname}`, api.key);
    assert.equal(manifest['complete'], true);
    assert.equal('sampleData' in manifest, false);
  } finally {
    proxy.closeAllConnections();
    await new Promise((resolve) => proxy.close(resolve));
    await api.close();
  }
});
