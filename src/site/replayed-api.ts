// The API replayed (docs/data-and-downloads.md: "The API replayed"): every GET operation of the API
// but search, as static files at the spec's paths below `public/v1/`, each answering with the bytes
// the crawl stored, so that a client of the closed service works against any static host by
// changing its base URL. Written into the release folder beside the site: 35,000 records are some
// 90 MB in 35,000 files, which the site's budget has no room for (docs/publishing.md).
//
// A plain static server answers a path that ends in `/` with the folder's `index.html`, and a path
// without an extension with the file of that name; both need no rewrite rule, so the spec's paths
// map to files as they are. The price is the content type, which a static server takes from the
// extension: `index.html` is served as text/html and an extensionless file as
// application/octet-stream (or the host's default); the bytes are the API's JSON either way.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { GROUP_LIST_PATHS, ORGANISATION_PATH, VOLUNTARY_CODE_MEMBERS_PATH } from '../schemas/group-lists.ts';
import { storedListAnswers, type StoredListAnswer } from '../records/data-folder.ts';

/** The replayed API's folder in the release folder: the base URL is `<where it is served>/public/v1`. */
export const REPLAYED_API_DIR = 'public';

/** Below the replayed API's base URL, the one file the API did not have: every organisation's id. */
export const ORGANISATION_IDS_FILE = 'organisation-ids.json';

/** The `voluntaryCodes` path the crawler uses unless told otherwise (its `--voluntary-codes-path`). */
const DEFAULT_VOLUNTARY_CODES_PATH = '/VoluntaryCodes';

/** The file that answers a spec path below the base URL: a path ending in `/` is a folder's index. */
function replayedFile(apiPath: string): string {
  const path = `v1${apiPath}`;
  return path.endsWith('/') ? `${path}index.html` : path;
}

/** The spec path of a stored list answer. */
function answerPath(answer: StoredListAnswer, voluntaryCodesPath: string): string {
  if (answer.operation === 'voluntaryCodes') return voluntaryCodesPath;
  if (answer.operation === 'voluntaryCodeMembers') return `${VOLUNTARY_CODE_MEMBERS_PATH}${answer.code}`;
  return GROUP_LIST_PATHS[answer.operation];
}

/** Where the replayed API is drafted inside the folder the records are read into, until it moves to the release folder. */
const DRAFT = '.orgdir-replayed-api';

/**
 * Writes the replayed API as a data folder is read: each record as it comes (`add`), into a draft
 * in the records' folder; then moved into the release folder with the lists, the codes and the
 * list of ids (`complete`).
 */
export class ReplayedApi {
  readonly #draft: string;
  readonly #organisations: { id: string; name: string }[] = [];
  #files = 0;
  #bytes = 0;

  /** `folder`: where the records' copies are written (src/site/site-records.ts). */
  constructor(folder: string) {
    this.#draft = join(folder, DRAFT);
    mkdirSync(join(this.#draft, replayedFile(ORGANISATION_PATH)), { recursive: true });
  }

  #write(root: string, apiPath: string, bytes: Uint8Array, folderMade = false): void {
    const file = join(root, replayedFile(apiPath));
    if (!folderMade) mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, bytes);
    this.#files += 1;
    this.#bytes += bytes.byteLength;
  }

  /** One record, the bytes the crawl stored, at `/Organisation/<id>`. */
  add(id: string, bytes: Buffer, name: string | undefined): void {
    // The records' folder was made with the draft: one call fewer per record.
    this.#write(this.#draft, `${ORGANISATION_PATH}${id}`, bytes, true);
    this.#organisations.push({ id, name: name ?? '' });
  }

  /**
   * Moves the records from the draft (now in `folder`, where the records' folder may have been
   * moved) into `releaseDir`'s `public/`, and writes beside them the list answers as stored, at
   * their spec paths (`voluntaryCodes` at the path the crawl used), and `organisation-ids.json`:
   * every record's `{ id, name }`, the shape of a group list, so that a client can reach every
   * organisation without search.
   */
  complete(
    folder: string,
    releaseDir: string,
    dataDir: string,
    voluntaryCodesPath = DEFAULT_VOLUNTARY_CODES_PATH,
  ): { files: number; bytes: number } {
    const root = join(releaseDir, REPLAYED_API_DIR);
    mkdirSync(releaseDir, { recursive: true });
    renameSync(join(folder, DRAFT), root);
    for (const answer of storedListAnswers(dataDir)) {
      this.#write(root, answerPath(answer, voluntaryCodesPath), answer.bytes);
    }
    this.#write(root, `/${ORGANISATION_IDS_FILE}`, Buffer.from(JSON.stringify(this.#organisations)));
    return { files: this.#files, bytes: this.#bytes };
  }
}
