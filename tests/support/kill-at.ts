// Loaded with `node --import <this file's URL>?…` before a command line under test: kills the
// process with SIGKILL at the moment the query names (see ./faults.ts).
//   ?afterRename=/abs/path             right after a rename onto that path
//   ?midWrite=N&into=/abs/folder       half-way through the Nth file written into that folder
//   ?midAppend=N&to=/abs/file          half-way through the Nth append to that file
import { afterRenameOnto, midAppendTo, midWriteInto } from './faults.ts';

const query = new URL(import.meta.url).searchParams;
const kill = () => {
  process.kill(process.pid, 'SIGKILL');
};
const target = query.get('afterRename');
if (target !== null) afterRenameOnto(target, kill);
const nth = query.get('midWrite');
const folder = query.get('into');
if (nth !== null && folder !== null) midWriteInto(folder, Number(nth), kill);
const nthAppend = query.get('midAppend');
const file = query.get('to');
if (nthAppend !== null && file !== null) midAppendTo(file, Number(nthAppend), kill);

/** The `--import` argument that kills a command line at the moment given. */
export function killAtImport(
  moment: { afterRename: string } | { midWrite: number; into: string } | { midAppend: number; to: string },
): string {
  const url = new URL(import.meta.url);
  url.search = '';
  for (const [name, value] of Object.entries(moment)) url.searchParams.set(name, String(value));
  return url.href;
}
