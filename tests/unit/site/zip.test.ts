import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { crc32, inflateRawSync } from 'node:zlib';
import { dosDateTime, endRecords, ZipWriter, type ZipOptions } from '../../../src/site/zip.ts';
import { runChild } from '../../support/child-process.ts';

const root = mkdtempSync(join(tmpdir(), 'orgdir-zip-'));

/** Zips the files `paths` under `site` into `target`, in that order. */
async function writeZipFile(
  site: string,
  paths: string[],
  target: string,
  options: ZipOptions,
): Promise<void> {
  const zip = new ZipWriter(target, options);
  try {
    await zip.addFiles(site, paths);
  } finally {
    await zip.close();
  }
}
after(() => rmSync(root, { recursive: true, force: true }));

interface ReadEntry {
  name: string;
  method: number;
  crc: number;
  mode: number;
  time: number;
  date: number;
  content: Buffer;
}

/** Reads a zip through its central directory, as unzip does, checking each local header on the way. */
function readZip(zip: Buffer): ReadEntry[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ReadEntry[] = [];
  for (let index = 0; index < count; index++) {
    assert.equal(zip.readUInt32LE(at), 0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const offset = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    assert.equal(zip.readUInt32LE(offset), 0x04034b50);
    assert.equal(zip.toString('utf8', offset + 30, offset + 30 + nameLength), name);
    const start = offset + 30 + nameLength + zip.readUInt16LE(offset + 28);
    const data = zip.subarray(start, start + compressedSize);
    entries.push({
      name,
      method,
      crc,
      mode: zip.readUInt32LE(at + 38) >>> 16,
      time: zip.readUInt16LE(at + 12),
      date: zip.readUInt16LE(at + 14),
      content: method === 8 ? inflateRawSync(data) : Buffer.from(data),
    });
    at += 46 + nameLength + extraLength;
  }
  return entries;
}

test('the zip holds every file in the order given, deflated or stored, with its CRC, time and mode', async () => {
  const files: Record<string, string> = {
    'index.html': `<!doctype html><title>Éire</title>${'<p>the same words again</p>'.repeat(200)}`,
    'org/2e427ca3-b6c4-4801-b9f2-ad6c518b45e5.json': '{"name":"Cúram"}',
    'empty.txt': '',
  };
  const site = join(root, 'site');
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(site, path)), { recursive: true });
    writeFileSync(join(site, path), content);
  }
  const mtime = new Date(2024, 4, 12, 2, 41, 55);
  const target = join(root, 'site.zip');
  await writeZipFile(site, Object.keys(files), target, { mtime });
  const entries = readZip(readFileSync(target));
  assert.deepEqual(
    entries.map((entry) => entry.name),
    Object.keys(files),
  );
  for (const entry of entries) {
    assert.equal(entry.content.toString('utf8'), files[entry.name]);
    assert.equal(entry.crc, crc32(entry.content));
    assert.equal(entry.mode, 0o100644);
    assert.deepEqual({ date: entry.date, time: entry.time }, dosDateTime(mtime));
  }
  assert.equal(entries[0]!.method, 8, 'a repetitive page is deflated');
  assert.equal(entries[2]!.method, 0, 'an empty file is stored');
});

test('the same files give the same bytes', async () => {
  const site = join(root, 'again');
  mkdirSync(site, { recursive: true });
  writeFileSync(join(site, 'a.html'), 'a'.repeat(5000));
  const mtime = new Date(2024, 0, 1);
  await writeZipFile(site, ['a.html'], join(root, 'one.zip'), { mtime });
  await writeZipFile(site, ['a.html'], join(root, 'two.zip'), { mtime });
  assert.deepEqual(readFileSync(join(root, 'one.zip')), readFileSync(join(root, 'two.zip')));
});

test('a file of the streaming size or more is streamed, and both its headers carry its CRC and sizes', async () => {
  const site = join(root, 'large');
  mkdirSync(site, { recursive: true });
  // Varied lines over several read pieces, so that the CRC runs across chunks.
  const large = Array.from(
    { length: 40_000 },
    (_, line) => `{"line":${line},"name":"Cúram ${line % 97}"}`,
  ).join('\n');
  writeFileSync(join(site, 'organisations.json'), large);
  writeFileSync(join(site, 'index.html'), '<p>small</p>'.repeat(50));
  const target = join(root, 'large.zip');
  await writeZipFile(site, ['index.html', 'organisations.json'], target, {
    mtime: new Date(2024, 0, 1),
    streamFrom: 100_000,
  });
  const zip = readFileSync(target);
  const entries = readZip(zip);
  const streamed = entries[1]!;
  assert.equal(streamed.name, 'organisations.json');
  assert.equal(streamed.method, 8);
  assert.equal(streamed.content.toString('utf8'), large);
  assert.equal(streamed.crc, crc32(Buffer.from(large)));
  const local = zip.indexOf(Buffer.from([0x50, 0x4b, 0x03, 0x04]), 1);
  assert.ok(local > 0, 'the second entry has a local header');
  assert.equal(zip.readUInt32LE(local + 14), streamed.crc, 'local header CRC');
  assert.equal(zip.readUInt32LE(local + 22), Buffer.byteLength(large), 'local header size');
  assert.ok(zip.readUInt32LE(local + 18) < Buffer.byteLength(large) / 3, 'local header compressed size');
});

test('past 65,535 entries the end records carry ZIP64 counts and the classic record says 0xFFFF', () => {
  const records = endRecords(70_000, 5_000_000, 300_000_000);
  assert.equal(records.readUInt32LE(0), 0x06064b50);
  assert.equal(records.readBigUInt64LE(32), 70_000n);
  assert.equal(records.readBigUInt64LE(40), 5_000_000n);
  assert.equal(records.readBigUInt64LE(48), 300_000_000n);
  assert.equal(records.readUInt32LE(56), 0x07064b50);
  assert.equal(records.readBigUInt64LE(64), 305_000_000n, 'the locator points at the ZIP64 record');
  assert.equal(records.readUInt32LE(76), 0x06054b50);
  assert.equal(records.readUInt16LE(86), 0xffff);
  assert.equal(endRecords(3, 100, 200).length, 22, 'a small archive has only the classic record');
});

test('a zip date is the local time at two-second resolution, from 1980', () => {
  assert.deepEqual(dosDateTime(new Date(1999, 11, 31, 23, 59, 59)), {
    date: (19 << 9) | (12 << 5) | 31,
    time: (23 << 11) | (59 << 5) | 29,
  });
  assert.equal(dosDateTime(new Date(1970, 0, 1)).date >> 9, 0);
});

test('a zip of more than 65,535 entries opens in Info-ZIP unzip, which finds every entry whole', async (t) => {
  const entries = 65_536 + 64;
  const target = join(root, 'many.zip');
  const zip = new ZipWriter(target, { mtime: new Date(2026, 10, 22, 12, 0, 0), level: 1 });
  const added: Promise<void>[] = [];
  for (let index = 0; index < entries; index++) {
    added.push(zip.add(`org/${index}.html`, Buffer.from(`<p>${index}</p>`)));
  }
  await Promise.all(added);
  await zip.close();

  // -t inflates every entry and checks its CRC; -Z1 lists the names from the central directory.
  const tested = await runChild(t, 'unzip', ['-tqq', target]);
  assert.equal(tested.code, 0, `unzip -t: ${tested.stdout}${tested.stderr}`);
  const listed = await runChild(t, 'unzip', ['-Z1', target]);
  assert.equal(listed.code, 0, listed.stderr);
  const names = listed.stdout.split('\n').filter((name) => name !== '');
  assert.equal(names.length, entries);
  assert.equal(names[0], 'org/0.html');
  assert.equal(names.at(-1), `org/${entries - 1}.html`);
  const last = await runChild(t, 'unzip', ['-p', target, `org/${entries - 1}.html`]);
  assert.equal(last.stdout, `<p>${entries - 1}</p>`);
});
