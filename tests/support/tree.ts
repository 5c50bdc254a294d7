// A digest of a folder's files (paths and bytes), to tell "byte-identical" from "changed".
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export function treeDigest(root: string): string {
  if (!existsSync(root)) return 'absent';
  const hash = createHash('sha256');
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else {
        hash.update(`${relative(root, path)}\0`);
        hash.update(readFileSync(path));
        hash.update('\0');
      }
    }
  };
  visit(root);
  return hash.digest('hex');
}
