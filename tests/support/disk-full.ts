// Loaded with `node --import <this file's URL>?under=/abs/folder&file=SUFFIX` before a command
// line under test: writing a file under that folder whose path ends with SUFFIX fails as on a full
// disk (see ./faults.ts).
import { diskFullFor } from './faults.ts';

const query = new URL(import.meta.url).searchParams;
const under = query.get('under');
const file = query.get('file');
if (under !== null && file !== null) diskFullFor(under, file);

/** The `--import` argument that fills the disk for the files given. */
export function diskFullImport(under: string, file: string): string {
  const url = new URL(import.meta.url);
  url.search = '';
  url.searchParams.set('under', under);
  url.searchParams.set('file', file);
  return url.href;
}
