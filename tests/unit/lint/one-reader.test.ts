// The data folder has one reader (src/records/data-folder.ts, and src/lib/manifest-file.ts for the
// manifest, which the crawl shares): every other file of src/ that names the folder's layout must
// not open files. The check reads the tree's text; it is shown to find a reader placed elsewhere.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** The modules that read the data folder. */
const READERS = ['src/records/data-folder.ts', 'src/lib/manifest-file.ts'];
/** The one module that reads `manifest.json`. */
const MANIFEST_READER = 'src/lib/manifest-file.ts';

/** A call that opens a file or a folder to read it. */
const READS = /\b(?:readFileSync|readFile|readdirSync|readdir|createReadStream)\s*\(/;
/** What names a place in the data folder (src/lib/data-layout.ts), or its files by name. */
const LAYOUT =
  /\bDATA_LAYOUT\b|\borganisationFile\s*\(|\bvoluntaryCodeMembersFile\s*\(|['"`](?:manifest|voluntary-codes)\.json['"`]/;
const MANIFEST = /\bDATA_LAYOUT\.manifest\b|['"`]manifest\.json['"`]/;
/** A function of that name, however declared. */
const DEFINES_MANIFEST_READER = /\b(?:function\s+readManifest|(?:const|let|var)\s+readManifest\s*=)/;

/**
 * The files of `files` that read the data folder besides its reader, with why. The crawl writes
 * the folder and reads back what it wrote in its partial folder to resume: only the manifest is
 * held to its one reader there.
 */
export function secondReaders(files: readonly { path: string; text: string }[]): string[] {
  const found: string[] = [];
  for (const { path, text } of files) {
    const code = text.replace(/^\s*(?:\/\/|\*|\/\*).*$/gm, '');
    if (path !== MANIFEST_READER && DEFINES_MANIFEST_READER.test(code))
      found.push(`${path}: defines a second readManifest`);
    if (READERS.includes(path) || !READS.test(code)) continue;
    if (MANIFEST.test(code)) found.push(`${path}: reads the manifest itself`);
    else if (!path.startsWith('src/crawl/') && LAYOUT.test(code))
      found.push(`${path}: reads the data folder itself`);
  }
  return found;
}

function sourceFiles(folder: string): { path: string; text: string }[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(?:ts|mts|astro)$/.test(entry.name))
    .map((entry) => {
      const file = join(entry.parentPath, entry.name);
      return { path: relative(root, file).split('\\').join('/'), text: readFileSync(file, 'utf8') };
    });
}

test('the check finds a data folder reader that is not the reader, and a second readManifest', () => {
  const reading =
    "import { DATA_LAYOUT } from '../lib/data-layout.ts';\nreadFileSync(join(dir, DATA_LAYOUT.lists));\n";
  const manifest = "const text = await readFile(join(dir, DATA_LAYOUT.manifest), 'utf8');\n";
  const defining = 'export const readManifest = (dir: string) => dir;\n';
  assert.deepEqual(
    secondReaders([
      { path: 'src/editions/probe.ts', text: reading },
      { path: 'src/crawl/probe.ts', text: manifest },
      { path: 'src/site/probe.ts', text: defining },
      { path: 'src/records/data-folder.ts', text: reading },
      { path: 'src/crawl/lists.ts', text: reading },
      { path: 'src/site/writer.ts', text: "writeFileSync(join(dir, DATA_LAYOUT.lists), '');\n" },
    ]),
    [
      'src/editions/probe.ts: reads the data folder itself',
      'src/crawl/probe.ts: reads the manifest itself',
      'src/site/probe.ts: defines a second readManifest',
    ],
  );
});

test('src/ reads the data folder only through its one reader, and has one readManifest', () => {
  assert.deepEqual(secondReaders(sourceFiles(join(root, 'src'))), []);
});
