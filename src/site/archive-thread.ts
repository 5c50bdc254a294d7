// The site's archives, each written on a worker thread of its own while the site is still being
// built: each page as Astro renders it, then every other file of the site. (The index, downloads
// and records first would have overlapped more of the work, but a thread busy with them held up
// the pages: either rendering waited, or the pages queued up in memory, and with room for 32 MB of
// them per thread the build's peak at 30,000 organisations passed 1 GiB.) Rendering keeps one core busy; deflating the archives on the other costs
// the build little time, where afterwards it took 27 s at 30,000 organisations. On the main
// thread, after Astro had rendered, every Buffer read for an archive also made the garbage
// collector walk Astro's heap (330 MB): 45 CPU seconds there against 27 in fresh threads.
import { statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { filesUnder, writeChecksum } from './archive.ts';
import { archiveFolder, TarGzWriter } from './tar.ts';

interface ArchiveJob {
  root: string;
  /** Where the archive is written: a path relative to the root, or absolute (outside the site). */
  name: string;
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

/** A batch's pages, each a view of the batch's bytes. */
export function batchPages({ paths, ends, bytes }: PageBatch): { path: string; content: Buffer }[] {
  return paths.map((path, index) => {
    const start = index === 0 ? 0 : ends[index - 1]!;
    return { path, content: Buffer.from(bytes.buffer, bytes.byteOffset + start, ends[index]! - start) };
  });
}

type Request =
  | { type: 'content'; path: string; content: Uint8Array }
  | { type: 'pages'; batch: PageBatch }
  | { type: 'finish'; exclude: string[] };

type Reply =
  | { type: 'written'; bytes: number }
  | { type: 'done' }
  | { type: 'failed'; error: string; code?: string; path?: string };

/**
 * An error of the thread as the build sees it: named after the archive, with the system's error
 * code and path kept, which a message crossing threads would lose, so that a full disk is said as
 * one (src/storage/write-failure.ts).
 */
function threadError(
  job: ArchiveJob,
  message: string,
  given: { code?: unknown; path?: unknown },
  cause?: unknown,
) {
  const code = typeof given.code === 'string' ? given.code : undefined;
  return Object.assign(new Error(`${job.name}: ${message}`, { cause }), {
    // A write to an open file names no path: the archive is what was being written.
    ...(code !== undefined && {
      code,
      path: typeof given.path === 'string' ? given.path : resolve(job.root, job.name),
    }),
  });
}

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

/** One archive being written on its thread. */
class ArchiveThread {
  readonly name: string;
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
        } else fail(threadError(job, reply.error, reply));
      });
      // An error the thread did not catch (its writer failing to open the archive, say) is named
      // after the archive too, as the ones it reports are.
      this.#worker.once('error', (error) => fail(threadError(job, error.message, error, error)));
      this.#worker.once('exit', (code) => {
        if (!finished)
          fail(new Error(`the thread writing ${job.name} ended (exit code ${code}) before the archive`));
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

  /** Pages, as they are (or are about to be) written; the batch's bytes are copied. */
  async addPages(batch: PageBatch): Promise<void> {
    const bytes = new Uint8Array(batch.bytes);
    await this.#send({ type: 'pages', batch: { ...batch, bytes } }, bytes);
  }

  /** Sends a request, handing over `content`'s memory; waits while the thread is far behind. */
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
 * The site's archives in the making. Add each page's content with `add` as it is written (or
 * pages in batches with `addPages`), then
 * `finish` adds every other file under `root` (sorted) and writes each archive's `.sha256`.
 */
export class SiteArchives {
  readonly #threads: ArchiveThread[];

  /** `names`: each archive's path, relative to `root` or absolute. */
  constructor(root: string, mtime: Date, names: readonly string[]) {
    this.#threads = names.map((name) => new ArchiveThread({ root, name, mtime: mtime.getTime() }));
  }

  /** A file's content, as it is (or is about to be) written under the root at `path`. */
  async add(path: string, content: Uint8Array): Promise<void> {
    await Promise.all(this.#threads.map((thread) => thread.add(path, content)));
  }

  /** Pages, each as it is (or is about to be) written under the root, in the batch's order. */
  async addPages(batch: PageBatch): Promise<void> {
    await Promise.all(this.#threads.map((thread) => thread.addPages(batch)));
  }

  /** Adds every file not yet added but those in `exclude`, and closes the archives. */
  async finish(exclude: readonly string[] = []): Promise<void> {
    const names = this.#threads.flatMap(({ name }) => [name, `${name}.sha256`]);
    await Promise.all(this.#threads.map((thread) => thread.finish([...names, ...exclude])));
  }

  async abandon(): Promise<void> {
    await Promise.all(this.#threads.map((thread) => thread.abandon()));
  }
}

/** The thread's side: one archive, entries in the order they come. */
function serve(job: ArchiveJob): void {
  const target = resolve(job.root, job.name);
  const mtime = new Date(job.mtime);
  const writer = new TarGzWriter(target, mtime, archiveFolder(basename(target)));
  /** Paths added, with the size of content sent for them (files read from disk: undefined). */
  const added = new Map<string, number | undefined>();
  const reply = (message: Reply) => parentPort!.postMessage(message);
  const addFiles = async (paths: readonly string[]) => {
    const fresh = paths.filter((path) => !added.has(path));
    for (const path of fresh) added.set(path, undefined);
    await writer.addFiles(job.root, fresh);
  };
  const addContent = (path: string, content: Buffer) => {
    if (added.has(path)) throw new Error(`${path} was added twice`);
    added.set(path, content.length);
    writer.add(path, content);
  };
  const handle = async (request: Request) => {
    if (request.type === 'content') {
      const { buffer, byteOffset, byteLength } = request.content;
      addContent(request.path, Buffer.from(buffer, byteOffset, byteLength));
      reply({ type: 'written', bytes: byteLength });
    } else if (request.type === 'pages') {
      for (const { path, content } of batchPages(request.batch)) addContent(path, content);
      reply({ type: 'written', bytes: request.batch.bytes.byteLength });
    } else {
      const skip = new Set(request.exclude);
      await addFiles(filesUnder(job.root).filter((path) => !skip.has(path)));
      await writer.close();
      // A page is archived from what Astro rendered; make sure that is what it wrote, where.
      for (const [path, size] of added) {
        if (size === undefined) continue;
        const written = statSync(join(job.root, path), { throwIfNoEntry: false });
        if (written?.size !== size) {
          throw new Error(`${path} was archived as rendered (${size} bytes) but is not so in the site`);
        }
      }
      await writeChecksum(job.root, job.name);
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
    const { code, path } = (error ?? {}) as { code?: unknown; path?: unknown };
    reply({
      type: 'failed',
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      ...(typeof code === 'string' && { code }),
      ...(typeof path === 'string' && { path }),
    });
  };
  let queue: Promise<void> = Promise.resolve();
  parentPort!.on('message', (request: Request) => {
    queue = queue.then(() => handle(request));
    queue.catch(report);
  });
}

if (!isMainThread && (workerData as Partial<ArchiveJob> | undefined)?.name) serve(workerData as ArchiveJob);
