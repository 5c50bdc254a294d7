// A digest of a folder's files (paths and bytes), to tell "byte-identical" from "changed".
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readTree } from './data-tree.ts';

export function treeDigest(root: string): string {
  if (!existsSync(root)) return 'absent';
  const hash = createHash('sha256');
  for (const [path, content] of [...readTree(root)].sort(([a], [b]) => (a < b ? -1 : 1))) {
    hash.update(`${path}\0`);
    hash.update(content);
    hash.update('\0');
  }
  return hash.digest('hex');
}
