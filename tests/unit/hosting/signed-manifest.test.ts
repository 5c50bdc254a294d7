import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ManifestProblem,
  readPublicKey,
  readSigningKey,
  SIGNED_MANIFEST,
  signFolder,
  verifyPublished,
} from '../../../src/hosting/signed-manifest.ts';
import { OUTPUT_MARK } from '../../../src/storage/output-folder.ts';

/** A key pair made by signify itself, so that the build reads what the standard tool writes. */
function signifyKeys(dir: string, name: string): { secret: string; public: string } {
  execFileSync('signify-openbsd', [
    '-G',
    '-n',
    '-c',
    name,
    '-p',
    join(dir, `${name}.pub`),
    '-s',
    join(dir, `${name}.sec`),
  ]);
  return {
    secret: readFileSync(join(dir, `${name}.sec`), 'utf8'),
    public: readFileSync(join(dir, `${name}.pub`), 'utf8'),
  };
}

function withFolder(run: (work: string, site: string) => Promise<void>) {
  return async () => {
    assert.equal(
      spawnSync('signify-openbsd', ['-h']).error,
      undefined,
      'this test verifies with the standard tool: install it (Debian: apt-get install signify-openbsd)',
    );
    const work = mkdtempSync(join(tmpdir(), 'orgdir-signed-'));
    try {
      const site = join(work, 'site');
      mkdirSync(join(site, 'org'), { recursive: true });
      mkdirSync(join(site, 'public', 'v1', 'Organisation'), { recursive: true });
      writeFileSync(join(site, 'index.html'), '<!doctype html><title>orgdir</title>');
      writeFileSync(join(site, 'org', 'a b.html'), 'a page whose name has a space');
      writeFileSync(join(site, 'public', 'v1', 'Organisation', 'x'), '{"id":"x"}');
      await run(work, site);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  };
}

test(
  'a folder signed with a signify key verifies with signify-openbsd -C and with verifyPublished',
  withFolder(async (work, site) => {
    const keys = signifyKeys(work, 'publisher');
    const key = readSigningKey(keys.secret);
    assert.equal(key.publicKeyText.split('\n')[1], keys.public.split('\n')[1]);
    const signed = await signFolder(site, key);
    assert.equal(signed.files, 3);
    const standard = spawnSync(
      'signify-openbsd',
      ['-C', '-p', join(work, 'publisher.pub'), '-x', SIGNED_MANIFEST],
      {
        cwd: site,
        encoding: 'utf8',
      },
    );
    assert.equal(standard.status, 0, standard.stderr);
    assert.match(standard.stdout, /org\/a b\.html: OK/);
    const verified = await verifyPublished(site, readPublicKey(keys.public));
    assert.deepEqual(verified, { checked: 3, problems: [] });
  }),
);

test(
  'one flipped byte in any file fails verification, naming the file, and signify agrees',
  withFolder(async (work, site) => {
    const keys = signifyKeys(work, 'publisher');
    await signFolder(site, readSigningKey(keys.secret));
    for (const file of ['index.html', 'org/a b.html', 'public/v1/Organisation/x']) {
      const path = join(site, ...file.split('/'));
      const original = readFileSync(path);
      const flipped = Buffer.from(original);
      flipped[3] = flipped[3]! ^ 1;
      writeFileSync(path, flipped);
      const verified = await verifyPublished(site, readPublicKey(keys.public));
      assert.deepEqual(verified.problems, [`${file}: changed (its SHA-256 is not the signed one)`]);
      const standard = spawnSync(
        'signify-openbsd',
        ['-C', '-p', join(work, 'publisher.pub'), '-x', SIGNED_MANIFEST],
        {
          cwd: site,
          encoding: 'utf8',
        },
      );
      assert.notEqual(standard.status, 0);
      writeFileSync(path, original);
    }
    assert.deepEqual((await verifyPublished(site, readPublicKey(keys.public))).problems, []);
  }),
);

test(
  'a missing file, an added file and a changed manifest fail verification',
  withFolder(async (work, site) => {
    const keys = signifyKeys(work, 'publisher');
    const publicKey = readPublicKey(keys.public);
    await signFolder(site, readSigningKey(keys.secret));
    rmSync(join(site, 'index.html'));
    writeFileSync(join(site, 'extra.js'), 'alert(1)');
    assert.deepEqual((await verifyPublished(site, publicKey)).problems, [
      'extra.js: not in the signed manifest',
      'index.html: missing',
    ]);
    const manifest = join(site, SIGNED_MANIFEST);
    const text = readFileSync(manifest, 'utf8');
    writeFileSync(
      manifest,
      text.replace(/= ([0-9a-f])/, (_, digit: string) => `= ${digit === '0' ? '1' : '0'}`),
    );
    await assert.rejects(verifyPublished(site, publicKey), {
      name: 'Error',
      message: /SHA256\.sig: the signature does not match/,
    });
  }),
);

test(
  'a wrong key fails verification, with our verifier and with signify',
  withFolder(async (work, site) => {
    const keys = signifyKeys(work, 'publisher');
    const other = signifyKeys(work, 'someone-else');
    await signFolder(site, readSigningKey(keys.secret));
    await assert.rejects(verifyPublished(site, readPublicKey(other.public)), (error: unknown) => {
      assert.ok(error instanceof ManifestProblem);
      assert.match(error.message, /^SHA256\.sig was signed with another key/);
      return true;
    });
    const standard = spawnSync(
      'signify-openbsd',
      ['-C', '-p', join(work, 'someone-else.pub'), '-x', SIGNED_MANIFEST],
      {
        cwd: site,
        encoding: 'utf8',
      },
    );
    assert.notEqual(standard.status, 0);
  }),
);

test(
  'a subfolder signed first is its own publication, left out of the folder around it',
  withFolder(async (work, site) => {
    const keys = signifyKeys(work, 'publisher');
    const key = readSigningKey(keys.secret);
    assert.equal((await signFolder(join(site, 'public'), key)).files, 1);
    assert.equal((await signFolder(site, key)).files, 2);
    assert.doesNotMatch(readFileSync(join(site, SIGNED_MANIFEST), 'utf8'), /public\//);
    const publicKey = readPublicKey(keys.public);
    assert.deepEqual((await verifyPublished(site, publicKey)).problems, []);
    assert.deepEqual((await verifyPublished(join(site, 'public'), publicKey)).problems, []);
  }),
);

test('a key with a passphrase, or not a key, is refused without repeating it', async () => {
  const work = mkdtempSync(join(tmpdir(), 'orgdir-key-'));
  try {
    execFileSync(
      'sh',
      ['-c', `printf 'pass\\npass\\n' | signify-openbsd -G -p ${work}/p.pub -s ${work}/p.sec`],
      { stdio: 'pipe' },
    );
    assert.throws(() => readSigningKey(readFileSync(join(work, 'p.sec'), 'utf8')), /passphrase/);
    const notAKey = 'hunter2-not-a-key';
    assert.throws(
      () => readSigningKey(notAKey),
      (error: unknown) => error instanceof Error && !error.message.includes(notAKey),
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

test(
  'the output mark, which a release or a Pages upload leaves out, is neither listed nor checked',
  withFolder(async (work, site) => {
    const keys = signifyKeys(work, 'publisher');
    writeFileSync(join(site, OUTPUT_MARK), 'Written by orgdir');
    await signFolder(site, readSigningKey(keys.secret));
    assert.doesNotMatch(
      readFileSync(join(site, SIGNED_MANIFEST), 'utf8'),
      new RegExp(`\\(${OUTPUT_MARK}\\)`),
    );
    assert.deepEqual((await verifyPublished(site, readPublicKey(keys.public))).problems, []);
    rmSync(join(site, OUTPUT_MARK));
    assert.deepEqual((await verifyPublished(site, readPublicKey(keys.public))).problems, []);
  }),
);
