// The release fetch's two time limits (src/editions/carry.ts, src/editions/fetched-files.ts),
// each against a release host of the test's own on the loopback that drips or stalls: the fetch
// gives up with the problem the publisher reads, keeps nothing, and leaves no half-fetched folder.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fetchPreviousEdition } from '../../../src/editions/carry.ts';
import { HISTORY_FILE } from '../../../src/editions/history-bundle.ts';
import { publishBuild } from '../../../src/editions/publish.ts';
import { measureSite } from '../../../src/hosting/measure.ts';
import { generateDataset } from '../../../src/sample-api/dataset.ts';
import { writeDataFolder } from '../../support/data-folder.ts';

const root = mkdtempSync(join(tmpdir(), 'orgdir-release-limits-'));
after(() => rmSync(root, { recursive: true, force: true }));

/**
 * How long a hostile answer lasts before the host hangs up itself: many times the limits the tests
 * give, so that only a fetch without its limit lets it come to that (and then ends with another
 * problem, instead of hanging the test).
 */
const HOST_PATIENCE_MS = 15_000;

/** How a host answers a request for one file, by the file's name. */
type Answer = (name: string, response: ServerResponse) => void;

/** A release host on the loopback, answering each file as `answer` does. */
async function releaseHost(answer: Answer) {
  const server = createServer((request, response) => {
    const name = (request.url ?? '').split('/').at(-1) ?? '';
    answer(name, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/releases/latest/download/`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * Keeps `response` open for at most `HOST_PATIENCE_MS`; answers who ended it: `fetch` when the
 * fetch hung up first, `host` when the host had to.
 */
function heldOpen(response: ServerResponse, onClose: () => void = () => {}): Promise<'fetch' | 'host'> {
  return new Promise((resolve) => {
    let byHost = false;
    const patience = setTimeout(() => {
      byHost = true;
      response.destroy();
    }, HOST_PATIENCE_MS);
    response.on('close', () => {
      clearTimeout(patience);
      onClose();
      resolve(byHost ? 'host' : 'fetch');
    });
  });
}

/** An editions folder with what a fetch killed half-way on an earlier night left in it. */
function editionsFolder(name: string): string {
  const editionsDir = join(root, name, 'editions');
  mkdirSync(join(editionsDir, '.fetching-1'), { recursive: true });
  writeFileSync(join(editionsDir, '.fetching-1', 'edition.json'), '{}');
  return editionsDir;
}

test('a host that drips a byte every 50 ms is given up on at the whole-edition limit: nothing kept, no half-fetched folder', async () => {
  let hungUp: Promise<'fetch' | 'host'> | undefined;
  const host = await releaseHost((name, response) => {
    if (name !== HISTORY_FILE) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/gzip' });
    const drip = setInterval(() => response.write('x'), 50);
    hungUp = heldOpen(response, () => clearInterval(drip));
  });
  const editionsDir = editionsFolder('drip');
  try {
    const fetched = await fetchPreviousEdition(host.url, editionsDir, join(root, 'drip', 'data'), {
      wholeMs: 1_000,
      idleMs: 60_000,
    });
    assert.equal(fetched.id, '');
    assert.equal(
      fetched.problem,
      `${host.url}: gave up after 1 s, the time a whole edition may take (--release-timeout)`,
    );
    assert.deepEqual(readdirSync(editionsDir), [], 'nothing kept, no .fetching- folder left');
    assert.equal(await hungUp, 'fetch', 'the fetch hung up on the host, not the other way round');
  } finally {
    await host.close();
  }
});

test('a file that sends nothing, before its headers or after them, is given up on at the idle limit and named: nothing kept', async () => {
  // An older orgdir's release (no history file): its edition's files are fetched one by one, and
  // the one that stalls is not the first.
  const stalls: [string, 'before headers' | 'after headers'][] = [
    [HISTORY_FILE, 'before headers'],
    ['orgdir-edition-snapshot.jsonl.gz', 'after headers'],
  ];
  for (const [stalled, when] of stalls) {
    let hungUp: Promise<'fetch' | 'host'> | undefined;
    const host = await releaseHost((name, response) => {
      if (name === stalled) {
        if (when === 'after headers') response.writeHead(200, { 'content-length': '1000' }).flushHeaders();
        hungUp = heldOpen(response);
      } else if (name === 'orgdir-edition.json') response.writeHead(200).end('{}');
      else response.writeHead(404).end();
    });
    const editionsDir = editionsFolder(`stall-${stalled}`);
    try {
      const fetched = await fetchPreviousEdition(host.url, editionsDir, join(root, 'stall', 'data'), {
        wholeMs: 12_000,
        idleMs: 300,
      });
      assert.equal(fetched.id, '');
      assert.equal(
        fetched.problem,
        `${host.url}: ${stalled} sent nothing for 0.3 s, the longest a file may stall (--release-idle-timeout)`,
        when,
      );
      assert.deepEqual(readdirSync(editionsDir), [], `${when}: nothing kept, no .fetching- folder left`);
      assert.equal(await hungUp, 'fetch', `${when}: the fetch hung up on the host`);
    } finally {
      await host.close();
    }
  }
});

test("the build's release limits reach the fetch: a stalled release is named, and the build publishes a first edition", async () => {
  const host = await releaseHost((_name, response) => void heldOpen(response));
  const dir = join(root, 'build');
  const paths = { dataDir: join(dir, 'data'), siteDir: join(dir, 'dist'), editionsDir: join(dir, 'editions') };
  const lines: string[] = [];
  try {
    const result = await publishBuild({
      ...paths,
      releaseUrl: host.url,
      releaseLimits: { wholeMs: 12_000, idleMs: 300 },
      crawl: async (dataDir) => {
        writeDataFolder(generateDataset({ orgs: 50 }), dataDir, { failing: new Set() });
        return { exitCode: 0, message: 'complete', published: true };
      },
      renderSite: async (_dataDir, siteDir) => {
        mkdirSync(siteDir, { recursive: true });
        writeFileSync(join(siteDir, 'index.html'), 'x');
        return measureSite(siteDir);
      },
      log: (line) => lines.push(line),
    });
    assert.equal(result.exitCode, 0, result.message);
    assert.equal(result.edition?.previous, null, 'published as a first edition');
    assert.ok(
      lines.some((line) =>
        line.includes(`no previous edition could be fetched (${host.url}: ${HISTORY_FILE} sent nothing for 0.3 s`),
      ),
      lines.join('\n'),
    );
    assert.deepEqual(
      readdirSync(paths.editionsDir).filter((name) => !name.startsWith('guard-')),
      [result.edition?.id],
      'only the edition published: nothing fetched kept, no .fetching- folder left',
    );
  } finally {
    await host.close();
  }
});
