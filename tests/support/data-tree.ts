// Reading a data folder back in tests: every file with its bytes, to compare two crawls or to look
// for a string that must not be there.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Every file below `dir`, by path relative to it (with `/`), with its content. A symbolic link (the
 * site, shown through one) is given as the name it points to: the folder it shows is in the tree.
 */
export function readTree(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      const name = relative(dir, path).split('\\').join('/');
      if (entry.isDirectory()) visit(path);
      else if (entry.isSymbolicLink()) files.set(name, Buffer.from(`link to ${readlinkSync(path)}`));
      else files.set(name, readFileSync(path));
    }
  };
  visit(dir);
  return files;
}

/** Paths of the files below `dir` whose content contains `text`. */
export function filesContaining(dir: string, text: string): string[] {
  return [...readTree(dir)].filter(([, content]) => content.includes(text)).map(([path]) => path);
}
