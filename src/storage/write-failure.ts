// A step that could not write (the disk full, a folder not writable) is said in one sentence that
// names the step, the path and what to do, rather than as the system's bare error code and stack.

/** A step that failed for want of room or permission to write: a message for the publisher. */
export class WriteFailure extends Error {
  override name = 'WriteFailure';
}

/** What each file system error means, and what the publisher can do about it. */
const WRITE_ERRORS: Record<string, { meaning: string; advice: (folder: string) => string }> = {
  ENOSPC: {
    meaning: 'the disk is full',
    advice: (folder) => `free space on the disk that holds ${folder}, then run again`,
  },
  EDQUOT: {
    meaning: 'the disk quota is spent',
    advice: (folder) => `free space within your quota on the disk that holds ${folder}, then run again`,
  },
  EACCES: { meaning: 'permission denied', advice: (folder) => `check that you may write to ${folder}` },
  EPERM: { meaning: 'not permitted', advice: (folder) => `check that you may write to ${folder}` },
  EROFS: { meaning: 'the file system is read-only', advice: () => 'write to a folder on a writable disk' },
  EMFILE: {
    meaning: 'too many open files',
    advice: () => 'raise the limit of open files (ulimit -n), then run again',
  },
  ENFILE: { meaning: 'the system has too many open files', advice: () => 'run again when fewer are open' },
  EIO: {
    meaning: 'the disk reported an input/output error',
    advice: (folder) => `check the disk that holds ${folder}`,
  },
};

/**
 * `error` as a `WriteFailure` of step `step` when it is a file system error a publisher can act
 * on; any other error unchanged. `folder` is named when the error names no path.
 */
export function asWriteFailure(error: unknown, step: string, folder: string): unknown {
  const { code, path } = (error ?? {}) as { code?: unknown; path?: unknown };
  const known = typeof code === 'string' ? WRITE_ERRORS[code] : undefined;
  if (known === undefined || error instanceof WriteFailure) return error;
  const where = typeof path === 'string' ? path : folder;
  return new WriteFailure(
    `the ${step} step could not write ${where}: ${known.meaning} (${String(code)}); ${known.advice(folder)}`,
    {
      cause: error,
    },
  );
}
