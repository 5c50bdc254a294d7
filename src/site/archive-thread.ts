// The site's archives, each written on a worker thread of its own while the site is still being
// built: each page as Astro renders it, then every other file of the site. The first thread also
// writes the rendered pages into the site (a thread of its own when no archive is wanted), so
// that the thread rendering them does no file-system call for them. (The index, downloads
// and records first would have overlapped more of the work, but a thread busy with them held up
// the pages: either rendering waited, or the pages queued up in memory, and with room for 32 MB of
// them per thread the build's peak at 30,000 organisations passed 1 GiB.) Rendering keeps one core busy; deflating the archives on the other costs
// the build little time, where afterwards it took 27 s at 30,000 organisations. On the main
// thread, after Astro had rendered, every Buffer read for an archive also made the garbage
// collector walk Astro's heap (330 MB): 45 CPU seconds there against 27 in fresh threads.
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { filesUnder, writeChecksum } from './archive.ts';
import { TarGzWriter } from './tar.ts';

interface ArchiveJob {
  root: string;
  /**
   * Where the archive is written: a path relative to the root, or absolute (outside the site);
   * undefined for a thread that only writes pages.
   */
  name: string | undefined;
  /** Milliseconds since the epoch. */
  mtime: number;
}

/**
 * Pages in one message: their contents one after another in `bytes`, page i ending at `ends[i]`.
 * One message for a few dozen pages: a message each cost the rendering thread more than the copy.
 */
export interface PageBatch {
  paths: string[];
  ends: number[];
  bytes: Uint8Array;
}

type Request =
  | { type: 'content'; path: string; content: Uint8Array }
  | { type: 'pages'; batch: PageBatch; write: boolean }
  | { type: 'finish'; exclude: string[] };

type Reply = { type: 'written'; bytes: number } | { type: 'done' } | { type: 'failed'; error: string };

/**
 * Bytes of page content sent to a thread and not yet written, past which rendering waits: a few
 * hundred pages, enough to ride out the thread's pauses, few enough to cost little memory.
 */
const IN_FLIGHT_LIMIT = 4 << 20;
/**
 * A writer's own heap stays small (it holds a piece of a file at a time); a small young
 * generation keeps each thread's resident memory near what it holds.
 */
const THREAD_LIMITS = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 256 };

/** One archive being written on its thread (or none: the pages only). */
class ArchiveThread {
  readonly name: string | undefined;
  readonly #worker: Worker;
  #inFlight = 0;
  #waiting: (() => void)[] = [];
  #failure: Error | undefined;
  #done: Promise<void>;

  constructor(job: ArchiveJob) {
    this.name = job.name;
    this.#worker = new Worker(new URL(import.meta.url), { workerData: job, resourceLimits: THREAD_LIMITS });
    this.#done = new Promise((resolve, reject) => {
      let finished = false;
      const fail = (error: Error) => {
        this.#failure ??= error;
        for (const wake of this.#waiting.splice(0)) wake();
        reject(this.#failure);
        void this.#worker.terminate();
      };
      this.#worker.on('message', (reply: Reply) => {
        if (reply.type === 'written') {
          this.#inFlight -= reply.bytes;
          if (this.#inFlight <= IN_FLIGHT_LIMIT) for (const wake of this.#waiting.splice(0)) wake();
        } else if (reply.type === 'done') {
          finished = true;
          resolve();
        } else fail(new Error(`${job.name ?? 'pages'}: ${reply.error}`));
      });
      // An error the thread did not catch (its writer failing to open the archive, say) is named
      // after the archive too, as the ones it reports are.
      this.#worker.once('error', (error) =>
        fail(new Error(`${job.name ?? 'pages'}: ${error.message}`, { cause: error })),
      );
      this.#worker.once('exit', (code) => {
        if (!finished)
          fail(
            new Error(
              `the thread writing ${job.name ?? 'pages'} ended (exit code ${code}) before the archive`,
            ),
          );
      });
    });
    // Surfaced by add() and finish(); a failure nobody waits for must not end the process.
    this.#done.catch(() => undefined);
  }

  async add(path: string, content: Uint8Array): Promise<void> {
    if (this.#failure) throw this.#failure;
    // A copy of its own to hand over: the caller keeps the content, and a Buffer may share its
    // memory with others.
    const copy = new Uint8Array(content);
    await this.#send({ type: 'content', path, content: copy }, copy);
  }

  /** Pages to archive and, when `write`, to write into the site; the batch's bytes are handed over. */
  async addPages(batch: PageBatch, write: boolean): Promise<void> {
    await this.#send({ type: 'pages', batch, write }, batch.bytes);
  }

  async #send(request: Request, content: Uint8Array): Promise<void> {
    if (this.#failure) throw this.#failure;
    this.#worker.postMessage(request, [content.buffer as ArrayBuffer]);
    this.#inFlight += content.byteLength;
    while (this.#inFlight > IN_FLIGHT_LIMIT && !this.#failure) {
      await new Promise<void>((wake) => this.#waiting.push(wake));
    }
    if (this.#failure) throw this.#failure;
  }

  finish(exclude: string[]): Promise<void> {
    this.#worker.postMessage({ type: 'finish', exclude } satisfies Request);
    return this.#done;
  }

  /** Stops the thread; the archive is left unfinished. */
  async abandon(): Promise<void> {
    await this.#worker.terminate();
  }
}

/**
 * The site's archives in the making. Add each page's content with `add` as it is written, or hand
 * rendered pages over with `addPages` to have them written too; then `finish` adds every other
 * file under `root` (sorted) and writes each archive's `.sha256`.
 */
export class SiteArchives {
  readonly #root: string;
  readonly #mtime: number;
  readonly #threads: ArchiveThread[];

  /** `names`: each archive's path, relative to `root` or absolute. */
  constructor(root: string, mtime: Date, names: readonly string[]) {
    this.#root = root;
    this.#mtime = mtime.getTime();
    this.#threads = names.map((name) => new ArchiveThread({ root, name, mtime: this.#mtime }));
  }

  /** A file's content, as it is (or is about to be) written under the root at `path`. */
  async add(path: string, content: Uint8Array): Promise<void> {
    await Promise.all(this.#threads.map((thread) => thread.add(path, content)));
  }

  /**
   * Pages to write under the root and add to every archive, in the batch's order. The batch's
   * bytes are handed over to the first thread (the others get a copy each): the caller lets go
   * of them.
   */
  async addPages(batch: PageBatch): Promise<void> {
    if (this.#threads.length === 0) {
      this.#threads.push(new ArchiveThread({ root: this.#root, name: undefined, mtime: this.#mtime }));
    }
    const [writer, ...others] = this.#threads;
    await Promise.all([
      ...others.map((thread) => thread.addPages({ ...batch, bytes: new Uint8Array(batch.bytes) }, false)),
      writer!.addPages(batch, true),
    ]);
  }

  /** Adds every file not yet added but those in `exclude`, and closes the archives. */
  async finish(exclude: readonly string[] = []): Promise<void> {
    const names = this.#threads.flatMap(({ name }) => (name === undefined ? [] : [name, `${name}.sha256`]));
    await Promise.all(this.#threads.map((thread) => thread.finish([...names, ...exclude])));
  }

  async abandon(): Promise<void> {
    await Promise.all(this.#threads.map((thread) => thread.abandon()));
  }
}

/** Writes each page of a batch under `root`, making each folder once (`made` remembers them). */
function writePages(
  root: string,
  pages: readonly { path: string; content: Buffer }[],
  made: Set<string>,
): void {
  for (const { path, content } of pages) {
    const file = join(root, path);
    const folder = dirname(file);
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      made.add(folder);
    }
    writeFileSync(file, content);
  }
}

/** A batch's pages, each a view of the batch's bytes. */
function batchPages({ paths, ends, bytes }: PageBatch): { path: string; content: Buffer }[] {
  return paths.map((path, index) => {
    const start = index === 0 ? 0 : ends[index - 1]!;
    return { path, content: Buffer.from(bytes.buffer, bytes.byteOffset + start, ends[index]! - start) };
  });
}

/** The thread's side: one archive (or none), entries in the order they come. */
function serve(job: ArchiveJob): void {
  const mtime = new Date(job.mtime);
  const writer = job.name === undefined ? undefined : new TarGzWriter(resolve(job.root, job.name), mtime);
  /**
   * Paths added, with the size of content sent for them, to be checked against the file in the
   * site (files read from disk, and pages written by a thread: undefined).
   */
  const added = new Map<string, number | undefined>();
  const folders = new Set<string>();
  const reply = (message: Reply) => parentPort!.postMessage(message);
  const addFiles = (paths: readonly string[]) => {
    const fresh = paths.filter((path) => !added.has(path));
    for (const path of fresh) added.set(path, undefined);
    writer?.addFiles(job.root, fresh);
  };
  const addContent = (path: string, content: Buffer, size: number | undefined) => {
    if (added.has(path)) throw new Error(`${path} was added twice`);
    added.set(path, size);
    writer?.add(path, content);
  };
  const handle = async (request: Request) => {
    if (request.type === 'content') {
      const content = Buffer.from(
        request.content.buffer,
        request.content.byteOffset,
        request.content.byteLength,
      );
      addContent(request.path, content, content.length);
      reply({ type: 'written', bytes: content.length });
    } else if (request.type === 'pages') {
      const pages = batchPages(request.batch);
      if (request.write) writePages(job.root, pages, folders);
      // Written by this thread or by the first one, as sent: there is nothing to check them against.
      for (const { path, content } of pages) addContent(path, content, undefined);
      reply({ type: 'written', bytes: request.batch.bytes.byteLength });
    } else if (writer === undefined) {
      reply({ type: 'done' });
      parentPort!.close();
    } else {
      const skip = new Set(request.exclude);
      addFiles(filesUnder(job.root).filter((path) => !skip.has(path)));
      writer.close();
      // A page is archived from what Astro rendered; make sure that is what it wrote, where.
      for (const [path, size] of added) {
        if (size === undefined) continue;
        const written = statSync(join(job.root, path), { throwIfNoEntry: false });
        if (written?.size !== size) {
          throw new Error(`${path} was archived as rendered (${size} bytes) but is not so in the site`);
        }
      }
      await writeChecksum(job.root, job.name!);
      reply({ type: 'done' });
      parentPort!.close();
    }
  };
  // Requests are handled in the order sent, each after the one before it. After a failure the
  // chain stays rejected, so nothing more is written, and the failure is reported once.
  let reported = false;
  const report = (error: unknown) => {
    if (reported) return;
    reported = true;
    reply({ type: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  };
  let queue: Promise<void> = Promise.resolve();
  parentPort!.on('message', (request: Request) => {
    queue = queue.then(() => handle(request));
    queue.catch(report);
  });
}

if (!isMainThread && (workerData as Partial<ArchiveJob> | undefined)?.root) serve(workerData as ArchiveJob);
