// A published folder that anyone can verify (docs/publishing.md: "A release anyone can verify"): every
// file's SHA-256 listed in BSD form (`SHA256 (path) = hex`, what `sha256sum --tag` writes) and the
// list signed with the publisher's Ed25519 key, as OpenBSD's signify writes an embedded signature.
// signify is the format because its `-C` checks the signature and then every listed file in one
// command (`signify-openbsd -C -p KEY.pub -x SHA256.sig`); Node's crypto signs and verifies Ed25519
// itself, so no dependency is needed for either side.
import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { createReadStream, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';

/** The signed manifest's name, in every folder it covers (OpenBSD's name for the same file). */
export const SIGNED_MANIFEST = 'SHA256.sig';

/**
 * The mark of a folder orgdir writes (`OUTPUT_MARK`, src/storage/output-folder.ts): not published
 * (a release's assets and a Pages upload leave dot files out), so neither listed nor checked.
 */
const UNPUBLISHED_MARK = '.orgdir';

const ALGORITHM = 'Ed';
const KDF = 'BK';
const COMMENT = 'untrusted comment: ';

/** A publisher's signing key, read from a signify secret key file made with `-n` (no passphrase). */
export interface SigningKey {
  /** signify's key number: names the key a signature was made with. */
  keyNumber: Buffer;
  privateKey: KeyObject;
  /** The public key file's text (signify's format), for the About page and keys/release.pub. */
  publicKeyText: string;
}

/** A public key as signify writes it. */
export interface PublicKey {
  keyNumber: Buffer;
  publicKey: KeyObject;
}

/** A mistake in a key: said without repeating any of the key. */
class SigningKeyError extends Error {}

/** The base64 line of a signify file: the line after the comment, or the only line. */
function base64Line(text: string, what: string): Buffer {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const line = lines[0]?.startsWith(COMMENT) ? lines[1] : lines[0];
  if (line === undefined || !/^[A-Za-z0-9+/]+={0,2}$/.test(line.trim())) {
    throw new SigningKeyError(`${what} is not a signify key (a comment line, then one line of base64)`);
  }
  return Buffer.from(line.trim(), 'base64');
}

function publicKeyObject(raw: Buffer): KeyObject {
  return createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') },
    format: 'jwk',
  });
}

function publicKeyText(keyNumber: Buffer, raw: Buffer): string {
  const line = Buffer.concat([Buffer.from(ALGORITHM), keyNumber, raw]).toString('base64');
  return `${COMMENT}orgdir release public key\n${line}\n`;
}

/**
 * The signing key of a signify secret key file (`signify-openbsd -G -n -p orgdir.pub -s orgdir.sec`).
 * A key with a passphrase is refused: opening it needs bcrypt_pbkdf, which Node does not have,
 * and an unattended nightly build could not type it anyway.
 */
export function readSigningKey(text: string, what = 'the signing key'): SigningKey {
  const bytes = base64Line(text, what);
  // pkalg[2] kdfalg[2] kdfrounds[4] salt[16] checksum[8] keynum[8] seckey[64]
  if (
    bytes.length !== 104 ||
    bytes.toString('latin1', 0, 2) !== ALGORITHM ||
    bytes.toString('latin1', 2, 4) !== KDF
  ) {
    throw new SigningKeyError(`${what} is not a signify secret key (make one with signify-openbsd -G -n)`);
  }
  if (bytes.readUInt32BE(4) !== 0) {
    throw new SigningKeyError(
      `${what} is protected by a passphrase, which a build cannot type: make a key with signify-openbsd -G -n`,
    );
  }
  const checksum = bytes.subarray(24, 32);
  const keyNumber = Buffer.from(bytes.subarray(32, 40));
  const secret = bytes.subarray(40, 104);
  if (!createHash('sha512').update(secret).digest().subarray(0, 8).equals(checksum)) {
    throw new SigningKeyError(`${what} is damaged (its checksum does not match)`);
  }
  const seed = secret.subarray(0, 32);
  const raw = Buffer.from(secret.subarray(32, 64));
  const privateKey = createPrivateKey({
    key: { kty: 'OKP', crv: 'Ed25519', d: seed.toString('base64url'), x: raw.toString('base64url') },
    format: 'jwk',
  });
  // The public half stored in the file must be the seed's: a key pasted together from two keys
  // would sign what its own public key cannot verify.
  const derived = createPublicKey(privateKey).export({ format: 'jwk' }).x;
  if (derived !== raw.toString('base64url'))
    throw new SigningKeyError(`${what} is damaged (its halves differ)`);
  return { keyNumber, privateKey, publicKeyText: publicKeyText(keyNumber, raw) };
}

/** A signify public key file's key. */
export function readPublicKey(text: string, what = 'the public key'): PublicKey {
  const bytes = base64Line(text, what);
  if (bytes.length !== 42 || bytes.toString('latin1', 0, 2) !== ALGORITHM) {
    throw new SigningKeyError(`${what} is not a signify public key`);
  }
  return {
    keyNumber: Buffer.from(bytes.subarray(2, 10)),
    publicKey: publicKeyObject(Buffer.from(bytes.subarray(10))),
  };
}

/** One line of the manifest; a path with a line break could forge a line of its own, so it is refused. */
function manifestLine(path: string, sha256: string): string {
  if (/[\r\n]/.test(path))
    throw new Error(`${path}: a file name with a line break cannot be listed in ${SIGNED_MANIFEST}`);
  return `SHA256 (${path}) = ${sha256}\n`;
}

/** Files are read whole up to this size, streamed above it (the database, the offline copy). */
const READ_WHOLE = 8 << 20;

async function sha256Of(file: string): Promise<string> {
  if (statSync(file).size <= READ_WHOLE) return createHash('sha256').update(readFileSync(file)).digest('hex');
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/**
 * The files of a folder, as `/`-separated paths relative to it, in byte order. A subfolder with a
 * signed manifest of its own (the replayed API in the release folder) is its own publication, and
 * is left out: it can be published elsewhere, and verified there.
 */
function filesOf(dir: string): string[] {
  const files: string[] = [];
  const signedFolders: string[] = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name)
      .slice(dir.length + 1)
      .split(sep)
      .join('/');
    if (path === SIGNED_MANIFEST || path === UNPUBLISHED_MARK) continue;
    if (path.endsWith(`/${SIGNED_MANIFEST}`)) signedFolders.push(path.slice(0, -SIGNED_MANIFEST.length));
    files.push(path);
  }
  return files
    .filter((path) => !signedFolders.some((folder) => path.startsWith(folder)))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The signed manifest's text: the signature's two lines, then the list it signs. */
function signedText(key: SigningKey, message: string): string {
  const signature = sign(null, Buffer.from(message), key.privateKey);
  const line = Buffer.concat([Buffer.from(ALGORITHM), key.keyNumber, signature]).toString('base64');
  return `${COMMENT}verify with the orgdir release public key\n${line}\n${message}`;
}

/**
 * Writes `SHA256.sig` into `dir`: every file below it (`filesOf`) with its SHA-256, signed.
 * Returns how many files it lists and the manifest's size.
 */
export async function signFolder(dir: string, key: SigningKey): Promise<{ files: number; bytes: number }> {
  let message = '';
  const files = filesOf(dir);
  for (const path of files) message += manifestLine(path, await sha256Of(join(dir, path)));
  const text = signedText(key, message);
  writeFileSync(join(dir, SIGNED_MANIFEST), text);
  return { files: files.length, bytes: Buffer.byteLength(text) };
}

/** A signed manifest, its signature checked: the files it lists, by path, with their SHA-256. */
function openSignedManifest(text: string, key: PublicKey): Map<string, string> {
  const first = text.indexOf('\n');
  const second = text.indexOf('\n', first + 1);
  if (!text.startsWith(COMMENT) || first < 0 || second < 0) {
    throw new ManifestProblem(`${SIGNED_MANIFEST} is not a signify signature with the list it signs`);
  }
  const signature = Buffer.from(text.slice(first + 1, second), 'base64');
  if (signature.length !== 74 || signature.toString('latin1', 0, 2) !== ALGORITHM) {
    throw new ManifestProblem(`${SIGNED_MANIFEST}: its signature line is not an Ed25519 signature`);
  }
  const signer = signature.subarray(2, 10);
  if (!signer.equals(key.keyNumber)) {
    throw new ManifestProblem(
      `${SIGNED_MANIFEST} was signed with another key (key number ${signer.toString('hex')}, not the given key's ${key.keyNumber.toString('hex')})`,
    );
  }
  const message = text.slice(second + 1);
  if (!verify(null, Buffer.from(message), key.publicKey, signature.subarray(10))) {
    throw new ManifestProblem(
      `${SIGNED_MANIFEST}: the signature does not match the list it signs (changed after signing, or a wrong key)`,
    );
  }
  const listed = new Map<string, string>();
  for (const line of message.split('\n')) {
    if (line === '') continue;
    const match = /^SHA256 \((.*)\) = ([0-9a-f]{64})$/.exec(line);
    if (!match)
      throw new ManifestProblem(`${SIGNED_MANIFEST}: a line is not "SHA256 (path) = hash": ${line}`);
    const [, path, sha256] = match as unknown as [string, string, string];
    if (path.startsWith('/') || path.split('/').includes('..')) {
      throw new ManifestProblem(`${SIGNED_MANIFEST} names a file outside its folder: ${path}`);
    }
    listed.set(path, sha256);
  }
  return listed;
}

/** A manifest that cannot be trusted or read: verification fails before any file is looked at. */
export class ManifestProblem extends Error {}

/** What verifying a folder found. */
export interface Verification {
  /** Files listed, and checked. */
  checked: number;
  /** One sentence per file that failed, naming it. */
  problems: string[];
}

/** Where a published folder is read from: a local folder or a web address. */
interface Place {
  manifest(): Promise<string>;
  sha256(path: string): Promise<string | undefined>;
  /** Files there that the manifest does not list (only a local folder can tell). */
  unlisted(listed: ReadonlySet<string>): string[];
}

function localPlace(dir: string): Place {
  return {
    manifest: async () => readFileSync(join(dir, SIGNED_MANIFEST), 'utf8'),
    sha256: async (path) => {
      try {
        return await sha256Of(join(dir, ...path.split('/')));
      } catch {
        return undefined;
      }
    },
    unlisted: (listed) => filesOf(dir).filter((path) => !listed.has(path)),
  };
}

function webPlace(base: string, fetchBytes: (url: string) => Promise<Buffer | undefined>): Place {
  const root = base.endsWith('/') ? base : `${base}/`;
  const address = (path: string) => new URL(path.split('/').map(encodeURIComponent).join('/'), root).href;
  return {
    manifest: async () => {
      const bytes = await fetchBytes(new URL(SIGNED_MANIFEST, root).href);
      if (bytes === undefined)
        throw new ManifestProblem(`no ${SIGNED_MANIFEST} at ${root}: the publication is unsigned`);
      return bytes.toString('utf8');
    },
    sha256: async (path) => {
      const bytes = await fetchBytes(address(path));
      return bytes === undefined ? undefined : createHash('sha256').update(bytes).digest('hex');
    },
    unlisted: () => [],
  };
}

export interface VerifyOptions {
  /** How a web address is read: its bytes, or `undefined` when it does not answer 200. */
  fetchBytes?: (url: string) => Promise<Buffer | undefined>;
  /** Files checked at once over the web. Default 8. */
  concurrency?: number;
}

/**
 * Checks `SHA256.sig` of a folder or web address against `key`, then every file it lists. Throws
 * `ManifestProblem` when the manifest itself fails; a file that fails is one of `problems`.
 */
export async function verifyPublished(
  where: string,
  key: PublicKey,
  options: VerifyOptions = {},
): Promise<Verification> {
  const isWeb = /^https?:\/\//i.test(where);
  if (isWeb && options.fetchBytes === undefined) throw new Error('verifying a web address needs fetchBytes');
  const place = isWeb ? webPlace(where, options.fetchBytes!) : localPlace(where);
  let text: string;
  try {
    text = await place.manifest();
  } catch (error) {
    if (error instanceof ManifestProblem) throw error;
    throw new ManifestProblem(`no ${SIGNED_MANIFEST} in ${where}: the publication is unsigned`);
  }
  const listed = openSignedManifest(text, key);
  const problems: string[] = [];
  const paths = [...listed.keys()];
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++]!;
      const sha256 = await place.sha256(path);
      if (sha256 === undefined) problems.push(`${path}: missing`);
      else if (sha256 !== listed.get(path))
        problems.push(`${path}: changed (its SHA-256 is not the signed one)`);
    }
  };
  await Promise.all(Array.from({ length: isWeb ? (options.concurrency ?? 8) : 1 }, worker));
  for (const path of place.unlisted(new Set(listed.keys())))
    problems.push(`${path}: not in the signed manifest`);
  return { checked: paths.length, problems: problems.sort() };
}
