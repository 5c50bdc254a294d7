// Reading a data folder back in tests: every file with its bytes, to compare two crawls or to look
// for a string that must not be there.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Every file below `dir`, by path relative to it (with `/`), with its content. */
export function readTree(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else files.set(relative(dir, path).split('\\').join('/'), readFileSync(path));
    }
  };
  visit(dir);
  return files;
}

/** Paths of the files below `dir` whose content contains `text`. */
export function filesContaining(dir: string, text: string): string[] {
  return [...readTree(dir)].filter(([, content]) => content.includes(text)).map(([path]) => path);
}
