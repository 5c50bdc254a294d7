// What a host sees of a site folder: bytes, files, the folder with the most entries, the largest
// file, and the bytes of each top-level folder.
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { SiteMeasure } from './limits.ts';

/**
 * A site folder as a host sees it. `onFile` sees each file's path from the root as it is counted,
 * so that a caller can count more in the same walk.
 */
export function measureSite(root: string, onFile?: (path: string) => void): SiteMeasure {
  const measure: SiteMeasure = {
    bytes: 0,
    files: 0,
    widestFolder: { path: '', entries: 0 },
    largestFile: { path: '', bytes: 0 },
  };
  const parts = new Map<string, number>();
  const folders = [root];
  for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
    const entries = readdirSync(folder, { withFileTypes: true });
    const path = relative(root, folder).split(sep).join('/');
    if (entries.length > measure.widestFolder.entries)
      measure.widestFolder = { path, entries: entries.length };
    for (const entry of entries) {
      const full = join(folder, entry.name);
      if (entry.isDirectory()) folders.push(full);
      else if (entry.isFile()) {
        const { size } = statSync(full);
        measure.files += 1;
        measure.bytes += size;
        const file = path === '' ? entry.name : `${path}/${entry.name}`;
        onFile?.(file);
        const part = path === '' ? '' : path.split('/', 1)[0]!;
        parts.set(part, (parts.get(part) ?? 0) + size);
        if (size > measure.largestFile.bytes) measure.largestFile = { path: file, bytes: size };
      }
    }
  }
  measure.parts = [...parts]
    .map(([path, bytes]) => ({ path, bytes }))
    .sort((a, b) => b.bytes - a.bytes || a.path.localeCompare(b.path));
  return measure;
}
