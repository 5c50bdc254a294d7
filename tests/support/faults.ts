// Faults injected from outside the product: node:fs itself is wrapped, so the code under test runs
// unchanged and has no hook of its own. Named imports of `node:fs/promises` are live bindings of
// Node's built-in module; `syncBuiltinESMExports` makes them see the wrapped functions.
import fs from 'node:fs';
import fsPromises from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

type Fault = () => void;

/**
 * Calls `seen` with the absolute target of every rename, right after it has happened (where a crash
 * or a kill would find the disk). Returns a function that puts the real renames back.
 */
export function afterEachRename(seen: (to: string) => void): () => void {
  const renamePromise = fsPromises.rename;
  const renameSync = fs.renameSync;
  fsPromises.rename = async (from, to) => {
    await renamePromise(from, to);
    seen(resolve(String(to)));
  };
  fs.renameSync = (from, to) => {
    renameSync(from, to);
    seen(resolve(String(to)));
  };
  syncBuiltinESMExports();
  return () => {
    fsPromises.rename = renamePromise;
    fs.renameSync = renameSync;
    syncBuiltinESMExports();
  };
}

/** Calls `fault` right after each rename onto `target`. */
export function afterRenameOnto(target: string, fault: Fault): () => void {
  const wanted = resolve(target);
  return afterEachRename((to) => {
    if (to === wanted) fault();
  });
}

/**
 * On the `nth` (1-based) `writeFile` of `node:fs/promises` into `folder`, writes the first half of
 * the bytes and then calls `fault` (which is expected not to return, e.g. a SIGKILL): a process
 * killed in the middle of writing a file.
 */
export function midWriteInto(folder: string, nth: number, fault: Fault): void {
  const prefix = `${resolve(folder)}/`;
  const writeFile = fsPromises.writeFile;
  let seen = 0;
  fsPromises.writeFile = async (path, data, options) => {
    if (typeof path === 'string' && resolve(path).startsWith(prefix) && ++seen === nth) {
      const bytes = typeof data === 'string' ? Buffer.from(data) : Buffer.from(data as Uint8Array);
      await writeFile(path, bytes.subarray(0, Math.floor(bytes.length / 2)), options);
      fault();
    }
    return writeFile(path, data, options);
  };
  syncBuiltinESMExports();
}

/**
 * On the `nth` (1-based) `appendFile` of `node:fs/promises` to `file`, appends the first half of
 * the bytes and then calls `fault` (expected not to return): a process killed mid-line.
 */
export function midAppendTo(file: string, nth: number, fault: Fault): void {
  const wanted = resolve(file);
  const appendFile = fsPromises.appendFile;
  let seen = 0;
  fsPromises.appendFile = async (path, data, options) => {
    if (typeof path === 'string' && resolve(path) === wanted && ++seen === nth) {
      const bytes = typeof data === 'string' ? Buffer.from(data) : Buffer.from(data as Uint8Array);
      await appendFile(path, bytes.subarray(0, Math.floor(bytes.length / 2)), options);
      fault();
    }
    return appendFile(path, data, options);
  };
  syncBuiltinESMExports();
}

/**
 * From now on, writing a file under `folder` whose path ends with `suffix` fails as on a full disk:
 * `ENOSPC` from the write, as Node reports it (no path, as for a write to an open file).
 */
export function diskFullFor(folder: string, suffix: string): void {
  const prefix = `${resolve(folder)}/`;
  // Astro names the files it writes with file: URLs.
  const full = (given: unknown) => {
    const path = given instanceof URL ? fileURLToPath(given) : given;
    return typeof path === 'string' && resolve(path).startsWith(prefix) && resolve(path).endsWith(suffix);
  };
  const error = () =>
    Object.assign(new Error('ENOSPC: no space left on device, write'), {
      code: 'ENOSPC',
      errno: -28,
      syscall: 'write',
    });
  const writeFileSync = fs.writeFileSync;
  const writeFile = fsPromises.writeFile;
  fs.writeFileSync = (path, ...rest) => {
    if (full(path)) throw error();
    writeFileSync(path, ...rest);
  };
  fsPromises.writeFile = async (path, ...rest) => {
    if (full(path)) throw error();
    return writeFile(path, ...rest);
  };
  syncBuiltinESMExports();
}

/**
 * Until the returned function is called, creating or writing anything under `folder` (the folder
 * itself included) fails as on a read-only file system: `EROFS`, with the path, as Node reports it.
 * For tests that run as root, whom file permissions do not stop.
 */
export function readOnlyFolder(folder: string): () => void {
  const root = resolve(folder);
  const under = (given: unknown) =>
    typeof given === 'string' && (resolve(given) === root || resolve(given).startsWith(`${root}/`));
  const error = (syscall: string, path: unknown) =>
    Object.assign(new Error(`EROFS: read-only file system, ${syscall} '${String(path)}'`), {
      code: 'EROFS',
      errno: -30,
      syscall,
      path,
    });
  const real = { mkdir: fsPromises.mkdir, writeFile: fsPromises.writeFile, link: fsPromises.link };
  fsPromises.mkdir = (async (path: fs.PathLike, options?: fs.MakeDirectoryOptions) => {
    if (under(path) && !fs.existsSync(path)) throw error('mkdir', path);
    return real.mkdir(path, options);
  }) as typeof fsPromises.mkdir;
  fsPromises.writeFile = async (path, ...rest) => {
    if (under(path)) throw error('open', path);
    return real.writeFile(path, ...rest);
  };
  fsPromises.link = async (from, to) => {
    if (under(to)) throw error('link', to);
    return real.link(from, to);
  };
  syncBuiltinESMExports();
  return () => {
    Object.assign(fsPromises, real);
    syncBuiltinESMExports();
  };
}
