import assert from 'node:assert/strict';
import {
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { after, test } from 'node:test';
import {
  repairSwap,
  replaceShownFolder,
  shownFolderFor,
  swapDirectories,
  type DirectorySwap,
} from '../../../src/storage/folder-swap.ts';
import { afterEachRename, afterRenameOnto } from '../../support/faults.ts';
import { runChild } from '../../support/child-process.ts';
import { killAtImport } from '../../support/kill-at.ts';

const root = mkdtempSync(join(tmpdir(), 'orgdir-swap-'));
after(() => rmSync(root, { recursive: true, force: true }));

/** A folder of `files` files, each naming its `version`. */
function folder(path: string, version: string, files = 5): void {
  mkdirSync(path, { recursive: true });
  for (let n = 0; n < files; n++) writeFileSync(join(path, `page-${n}.html`), `${version} ${n}`);
}

/** The one version every file of a folder names; throws on a mix. */
function versionOf(path: string): string {
  const versions = new Set(
    readdirSync(path).map((file) => readFileSync(join(path, file), 'utf8').split(' ')[0]),
  );
  assert.equal(versions.size, 1, `${path} mixes ${[...versions].join(' and ')}`);
  return [...versions][0]!;
}

let counter = 0;
function setUp(): { dir: string; journal: string; swaps: DirectorySwap[] } {
  const dir = join(root, `case-${counter++}`);
  folder(join(dir, 'data'), 'old');
  folder(join(dir, 'data.next'), 'new');
  folder(join(dir, 'site'), 'old');
  folder(join(dir, 'site.next'), 'new');
  return {
    dir,
    journal: join(dir, 'journal.json'),
    swaps: [
      { name: 'data', live: join(dir, 'data'), next: join(dir, 'data.next') },
      { name: 'site', live: join(dir, 'site'), next: join(dir, 'site.next') },
    ],
  };
}

class Crash extends Error {}

/** Where each step of a swap leaves the disk: the rename that completes it. */
function stepTargets(dir: string, journal: string): Record<string, string> {
  return {
    committed: journal,
    'data:aside': join(dir, 'data.old'),
    'data:swapped': join(dir, 'data'),
    'site:aside': join(dir, 'site.old'),
    'site:swapped': join(dir, 'site'),
  };
}

/** Runs a swap that throws right after the rename that completes `step`. */
async function swapCrashingAt(dir: string, journal: string, swaps: DirectorySwap[], step: string) {
  const restore = afterRenameOnto(stepTargets(dir, journal)[step]!, () => {
    throw new Crash(step);
  });
  try {
    await assert.rejects(swapDirectories(journal, swaps), Crash);
  } finally {
    restore();
  }
}

test('a swap replaces every live folder with its next one and leaves nothing behind', async () => {
  const { dir, journal, swaps } = setUp();
  const byTarget = new Map(Object.entries(stepTargets(dir, journal)).map(([step, to]) => [to, step]));
  const steps: string[] = [];
  const restore = afterEachRename((to) => steps.push(byTarget.get(to) ?? to));
  try {
    await swapDirectories(journal, swaps);
  } finally {
    restore();
  }
  assert.deepEqual(steps, ['committed', 'data:aside', 'data:swapped', 'site:aside', 'site:swapped']);
  assert.equal(versionOf(join(dir, 'data')), 'new');
  assert.equal(versionOf(join(dir, 'site')), 'new');
  assert.deepEqual(readdirSync(dir).sort(), ['data', 'site']);
});

test('a live folder that does not exist yet is simply put in place', async () => {
  const { dir, journal, swaps } = setUp();
  rmSync(join(dir, 'site'), { recursive: true });
  await swapDirectories(journal, swaps);
  assert.equal(versionOf(join(dir, 'site')), 'new');
});

test('a missing next folder stops the swap before anything is renamed', async () => {
  const { dir, journal, swaps } = setUp();
  rmSync(join(dir, 'site.next'), { recursive: true });
  await assert.rejects(swapDirectories(journal, swaps), /site\.next does not exist/);
  assert.equal(versionOf(join(dir, 'data')), 'old');
  assert.equal(existsSync(journal), false);
});

for (const point of ['committed', 'data:aside', 'data:swapped', 'site:aside', 'site:swapped']) {
  test(`a publish that dies at ${point} is finished by the repair: every folder new, none mixed`, async () => {
    const { dir, journal, swaps } = setUp();
    await swapCrashingAt(dir, journal, swaps, point);
    const done = await repairSwap(journal);
    assert.ok(done !== undefined);
    assert.equal(versionOf(join(dir, 'data')), 'new');
    assert.equal(versionOf(join(dir, 'site')), 'new');
    assert.deepEqual(readdirSync(dir).sort(), ['data', 'site']);
    assert.equal(await repairSwap(journal), undefined);
  });
}

test('when a next folder vanished after the crash, the repair restores the old live folder', async () => {
  const { dir, journal, swaps } = setUp();
  await swapCrashingAt(dir, journal, swaps, 'site:aside');
  rmSync(join(dir, 'site.next'), { recursive: true });
  const done = await repairSwap(journal);
  assert.match(done?.join('\n') ?? '', /restored the previous/);
  assert.equal(versionOf(join(dir, 'site')), 'old');
});

test('without a journal there is nothing to repair', async () => {
  assert.equal(await repairSwap(join(root, 'no-such-journal.json')), undefined);
});

test('a process killed with SIGKILL between the two renames leaves a site that the repair completes', async (t) => {
  const { dir, journal, swaps } = setUp();
  const module = new URL('../../../src/storage/folder-swap.ts', import.meta.url).pathname;
  const child = `
    import { swapDirectories } from ${JSON.stringify(module)};
    await swapDirectories(${JSON.stringify(journal)}, ${JSON.stringify(swaps)});`;
  const kill = killAtImport({ afterRename: join(dir, 'site.old') });
  const { signal } = await runChild(t, process.execPath, [
    '--import',
    kill,
    '--input-type=module',
    '--eval',
    child,
  ]);
  assert.equal(signal, 'SIGKILL');
  assert.equal(existsSync(join(dir, 'site')), false, 'killed between the renames');
  await repairSwap(journal);
  assert.equal(versionOf(join(dir, 'data')), 'new');
  assert.equal(versionOf(join(dir, 'site')), 'new');
});

/** setUp's folders, the live site shown through a link as a publish leaves it. */
function setUpShown(): { dir: string; journal: string; swaps: DirectorySwap[]; site: string } {
  const { dir, journal, swaps } = setUp();
  const site = join(dir, 'site');
  renameSync(site, join(dir, '.site.0-000000'));
  symlinkSync('.site.0-000000', site);
  const [data, siteSwap] = swaps as [DirectorySwap, DirectorySwap];
  return { dir, journal, site, swaps: [data, { ...siteSwap, shown: shownFolderFor(site) }] };
}

/** What a reader of the live site finds now: the one version of a whole folder, or "absent". */
function whatAReaderSees(site: string): string {
  return existsSync(site) ? versionOf(site) : 'absent';
}

// Checked by making swapDirectories ignore `shown` (the two renames of before), and
// replaceShownFolder call replaceFolder: the site was then absent after the first of the two
// renames (or after a kill there), and each test below failed.
test('a site shown through a link is there, whole, after every rename of a swap, and at the end is a link to the new one', async () => {
  const { dir, journal, swaps, site } = setUpShown();
  const seen: string[] = [];
  const restore = afterEachRename(() => seen.push(whatAReaderSees(site)));
  try {
    await swapDirectories(journal, swaps);
  } finally {
    restore();
  }
  assert.ok(seen.length >= 4, seen.join(' '));
  assert.deepEqual(
    seen.filter((version) => version !== 'old' && version !== 'new'),
    [],
  );
  assert.equal(whatAReaderSees(site), 'new');
  assert.ok(lstatSync(site).isSymbolicLink());
  assert.deepEqual(readdirSync(dir).sort(), [basename(swaps[1]!.shown!), 'data', 'site'].sort());
});

for (let crashAfter = 1; crashAfter <= 5; crashAfter++) {
  test(`a publish that dies after rename ${crashAfter} leaves the site whole, and the repair shows the new one`, async () => {
    const { dir, journal, swaps, site } = setUpShown();
    let renames = 0;
    const restore = afterEachRename(() => {
      if (++renames === crashAfter) throw new Crash(String(crashAfter));
    });
    try {
      await assert.rejects(swapDirectories(journal, swaps), Crash);
    } finally {
      restore();
    }
    assert.match(whatAReaderSees(site), /^(old|new)$/);
    await repairSwap(journal);
    assert.equal(whatAReaderSees(site), 'new');
    assert.equal(versionOf(join(dir, 'data')), 'new');
    assert.deepEqual(readdirSync(dir).sort(), [basename(swaps[1]!.shown!), 'data', 'site'].sort());
  });
}

test('a process killed with SIGKILL in the middle of a site swap leaves the old site showing, and the repair the new', async (t) => {
  const { journal, swaps, site } = setUpShown();
  const module = new URL('../../../src/storage/folder-swap.ts', import.meta.url).pathname;
  const child = `
    import { swapDirectories } from ${JSON.stringify(module)};
    await swapDirectories(${JSON.stringify(journal)}, ${JSON.stringify(swaps)});`;
  // Right after the new site is moved to the name the link will show, before the link is flipped.
  const kill = killAtImport({ afterRename: swaps[1]!.shown! });
  const { signal } = await runChild(t, process.execPath, [
    '--import',
    kill,
    '--input-type=module',
    '--eval',
    child,
  ]);
  assert.equal(signal, 'SIGKILL');
  assert.equal(whatAReaderSees(site), 'old');
  await repairSwap(journal);
  assert.equal(whatAReaderSees(site), 'new');
});

test('replacing a site shown through a link: a folder becomes a link once, the old folder goes, and a reader mid-file reads on', async () => {
  const dir = join(root, `case-${counter++}`);
  const site = join(dir, 'site');
  folder(site, 'first');
  folder(join(dir, 'next'), 'second');
  await replaceShownFolder(site, join(dir, 'next'));
  assert.ok(lstatSync(site).isSymbolicLink());
  assert.equal(whatAReaderSees(site), 'second');
  const reading = openSync(join(site, 'page-0.html'), 'r');
  folder(join(dir, 'next'), 'third');
  const seen: string[] = [];
  const restore = afterEachRename(() => seen.push(whatAReaderSees(site)));
  try {
    await replaceShownFolder(site, join(dir, 'next'));
  } finally {
    restore();
  }
  assert.deepEqual(
    seen.filter((version) => version === 'absent'),
    [],
  );
  assert.equal(whatAReaderSees(site), 'third');
  const buffer = Buffer.alloc(20);
  assert.equal(buffer.subarray(0, readSync(reading, buffer, 0, 20, 0)).toString(), 'second 0');
  closeSync(reading);
  assert.equal(readdirSync(dir).length, 2, 'the link and the folder it shows, nothing else');
});
