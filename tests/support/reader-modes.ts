// The four ways a reader meets a built site that the browser tests of readers' tasks go through:
// opened from disk (file://) or from a web server, on a wide screen or a phone's. A test loops over
// them, one test each, so a task fails by name in the mode it fails in.
import { PHONE } from './phone.ts';

/** A desktop browser's window. */
export const WIDE = { width: 1280, height: 900 };

export interface ReaderMode {
  where: 'file://' | 'HTTP';
  screen: 'a wide screen' | 'a phone';
  viewport: { width: number; height: number };
  /** The site's root URL, ending with "/": read when the test runs, once the site is built and served. */
  root: () => string;
  /** "from file:// on a phone", for test names. */
  name: string;
}

/** Each of the four modes for a site whose root is `fileRoot()` from disk and `httpRoot()` served. */
export function readerModes(fileRoot: () => string, httpRoot: () => string): ReaderMode[] {
  const roots = [
    ['file://', fileRoot],
    ['HTTP', httpRoot],
  ] as const;
  const screens = [
    ['a wide screen', WIDE],
    ['a phone', PHONE],
  ] as const;
  return roots.flatMap(([where, root]) =>
    screens.map(([screen, viewport]) => ({
      where,
      screen,
      viewport,
      root,
      name: `from ${where} on ${screen}`,
    })),
  );
}
