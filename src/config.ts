// The settings of the site and the build: where the stages read and write, where the site is
// published, and the flags of the site's and the build's commands, in zod schemas that carry
// each setting's variable, flag and description (lib/command-line.ts; docs/configuration.md).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { documented, readSetting, type OptionDoc } from './lib/command-line.ts';
import { GITHUB_PAGES_SITE_BYTES } from './hosting/limits.ts';
import { parseSize } from './lib/bytes.ts';
import { readSigningKey, type SigningKey } from './hosting/signed-manifest.ts';

/** The name of a setting in a mistake: its flag when it has one, else its variable. */
function settingName(doc: OptionDoc): string {
  return doc.flag === undefined ? (doc.env ?? '') : `--${doc.flag}`;
}

/** A folder, made absolute; `fallback` when neither flag nor variable names one. */
function folder(fallback: string, doc: OptionDoc) {
  return documented(
    z
      .string()
      // An empty path resolves to the working directory, which the build would then replace.
      .refine((path) => path.trim() !== '', `${settingName(doc)} is an empty path: name a folder`)
      .transform((path) => resolve(path))
      .prefault(fallback),
    doc,
  );
}

/**
 * An address the site publishes, ending with `/`. A user name or password in it would be
 * published with it (in every page that links there, the feed and datapackage.json): refused,
 * without repeating the value, which holds them.
 */
function publishedAddress(env: string, description: string) {
  return documented(
    z
      .string()
      .trim()
      // Not an address, so no user name or password can be told apart in it: shown as given,
      // for the publisher to see what is wrong.
      .refine(URL.canParse, {
        error: (issue) =>
          `${env} is not an address (got ${String(issue.input)}): give the public address, e.g. https://example.org/orgdir/`,
        abort: true,
      })
      .refine((value) => new URL(value).username === '' && new URL(value).password === '', {
        error: `${env} must not carry a user name or password: the site publishes this address (give it without them)`,
        abort: true,
      })
      .refine((value) => ['https:', 'http:'].includes(new URL(value).protocol), {
        error: (issue) => `${env} must be an http(s) address (got ${String(issue.input)})`,
      })
      .transform((value) => {
        const { href } = new URL(value);
        return href.endsWith('/') ? href : `${href}/`;
      })
      .optional(),
    { env, description },
  );
}

/** How many editions are kept. */
function keptEditions(doc: Omit<OptionDoc, 'description'>) {
  return documented(z.int().min(1).optional(), {
    ...doc,
    placeholder: 'N',
    description:
      'Keep only the newest N editions and remove the older ones; by default every edition is kept for good (docs/publishing.md: "History kept for good").',
  });
}

/** The most bytes a published site may have ("1GB", "500MB", or bytes). */
function siteBudgetSetting(doc: Omit<OptionDoc, 'description'>) {
  return documented(
    z
      .string()
      .transform((text, context) => {
        try {
          return parseSize(text);
        } catch (error) {
          context.addIssue({
            code: 'custom',
            message: error instanceof Error ? error.message : String(error),
          });
          return z.NEVER;
        }
      })
      .prefault(`${GITHUB_PAGES_SITE_BYTES / 1e9}GB`),
    {
      ...doc,
      placeholder: 'SIZE',
      description:
        "The most bytes the published site may have, as 500MB, 1GB or a number of bytes (the default is GitHub Pages' limit): the build refuses to publish a bigger site.",
    },
  );
}

/**
 * How long a build waits for the previous edition from the release (src/editions/carry.ts), in
 * milliseconds: the whole fetch, and a file that sends nothing. A release's snapshot is a few tens
 * of megabytes, which a slow link fetches well within five minutes; a publisher on a slower one
 * gives more.
 */
export const RELEASE_FETCH_LIMITS = { wholeMs: 300_000, idleMs: 60_000 } as const;

/** The release fetch's two time limits, given in seconds and kept in milliseconds. */
function releaseTimeouts(flagged: boolean) {
  const doc = (flag: string, env: string, description: string): OptionDoc => ({
    ...(flagged ? { flag } : {}),
    env,
    placeholder: 'S',
    unit: 'seconds',
    description,
  });
  return {
    releaseTimeoutMs: documented(
      z.number().min(1000).default(RELEASE_FETCH_LIMITS.wholeMs),
      doc(
        'release-timeout',
        'ORGDIR_RELEASE_TIMEOUT',
        'The longest a build with an empty editions folder spends fetching the previous edition from ORGDIR_RELEASE_URL; past it the build goes on as a first edition, saying so. Give more on a slow link.',
      ),
    ),
    releaseIdleTimeoutMs: documented(
      z.number().min(1000).default(RELEASE_FETCH_LIMITS.idleMs),
      doc(
        'release-idle-timeout',
        'ORGDIR_RELEASE_IDLE_TIMEOUT',
        'The longest a file of the release may send nothing (its headers or its next bytes) while the previous edition is fetched; past it the build names the file and goes on as a first edition.',
      ),
    ),
  };
}

const DATA_DIR = {
  env: 'ORGDIR_DATA_DIR',
  description: "The data folder: the crawler's output and the site's input.",
};
const SITE_DIR = {
  env: 'ORGDIR_SITE_DIR',
  description:
    'Where the static site is written; the release folder, with the offline copy and the edition, is written beside it as DIR-release.',
};
const EDITIONS_DIR = {
  env: 'ORGDIR_EDITIONS_DIR',
  description: 'Where the editions are kept (docs/publishing.md: "Editions"); the pages show them.',
};

/** The settings the stages read from the environment. */
export const ENVIRONMENT = z.object({
  dataDir: folder('data', DATA_DIR),
  siteDir: folder('dist', SITE_DIR),
  editionsDir: folder('editions', EDITIONS_DIR),
  keepEditions: keptEditions({ env: 'ORGDIR_KEEP_EDITIONS' }),
  // The Atom feed needs absolute links; without it they are written relative to the feed.
  siteUrl: publishedAddress(
    'ORGDIR_SITE_URL',
    'The public address of the site, e.g. https://example.org/orgdir/: the feed, canonical links and sitemap.xml.',
  ),
  releaseUrl: publishedAddress(
    'ORGDIR_RELEASE_URL',
    "Where the release folder's files are published, e.g. a GitHub release's https://github.com/OWNER/REPO/releases/latest/download/: the site links the database and the offline copy there, and a build whose editions folder is empty fetches the previous edition from there.",
  ),
  siteBudget: siteBudgetSetting({ env: 'ORGDIR_SITE_BUDGET' }),
  ...releaseTimeouts(false),
});

/** A setting of the environment, checked; throws `RangeError` with one sentence on a mistake. */
function fromEnvironment<Setting extends z.core.$ZodType>(setting: Setting, env: NodeJS.ProcessEnv) {
  const reading = readSetting(setting, {}, env);
  if (!reading.ok) throw new RangeError(reading.problem);
  return reading.value;
}

/** The crawler's output and the site's input: `ORGDIR_DATA_DIR`, default `data`. */
export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  return fromEnvironment(ENVIRONMENT.shape.dataDir, env);
}

/** Where the static site is written: `ORGDIR_SITE_DIR`, default `dist`. */
export function siteDir(env: NodeJS.ProcessEnv = process.env): string {
  return fromEnvironment(ENVIRONMENT.shape.siteDir, env);
}

/** Where the editions are kept: `ORGDIR_EDITIONS_DIR`, default `editions` (docs/publishing.md: "Editions"). */
export function editionsDir(env: NodeJS.ProcessEnv = process.env): string {
  return fromEnvironment(ENVIRONMENT.shape.editionsDir, env);
}

/** How many editions are kept: `ORGDIR_KEEP_EDITIONS`; every one when not given. */
export function keepEditions(env: NodeJS.ProcessEnv = process.env): number | undefined {
  return fromEnvironment(ENVIRONMENT.shape.keepEditions, env);
}

/** The public address of the site, e.g. https://example.org/orgdir/: `ORGDIR_SITE_URL`. */
export function siteUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return fromEnvironment(ENVIRONMENT.shape.siteUrl, env);
}

/** Where the release folder's files are published: `ORGDIR_RELEASE_URL`. */
export function releaseUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return fromEnvironment(ENVIRONMENT.shape.releaseUrl, env);
}

/** The most bytes a published site may have: `ORGDIR_SITE_BUDGET`, default GitHub Pages' 1 GB. */
export function siteBudget(env: NodeJS.ProcessEnv = process.env): number {
  return fromEnvironment(ENVIRONMENT.shape.siteBudget, env);
}

/** The record files: each record as the register gave it, beside its page. */
const recordFiles = (verb: string) =>
  documented(z.boolean().default(false), {
    flag: 'record-files',
    description: `Also ${verb} each record as the register gave it, record/<id>.json, linked from its page (about 2.6 kB an organisation; every record is in the downloads anyway).`,
  });

/**
 * The publisher's signing key: a file, or the file's text in the environment (a CI secret). Like
 * the API key it is never a flag's value, which the process list would show.
 */
const SIGNING = {
  signingKeyFile: documented(
    z
      .string()
      .refine((path) => path.trim() !== '', '--signing-key is an empty path: name the key file')
      .optional(),
    {
      flag: 'signing-key',
      env: 'ORGDIR_SIGNING_KEY_FILE',
      placeholder: 'FILE',
      description:
        "The publisher's Ed25519 secret key, a signify key made without a passphrase (signify-openbsd -G -n): the site, the replayed API and the release folder each get a signed SHA256.sig. Never published.",
    },
  ),
  signingKey: documented(z.string().optional(), {
    env: 'ORGDIR_SIGNING_KEY',
    description:
      "The signing key file's text itself (e.g. from a CI secret), when no key file is given. Without either, the build is unsigned and its About page says so.",
  }),
};

/**
 * The signing key the settings name, read and checked; `undefined` for an unsigned build. Throws
 * `RangeError` with one sentence that never repeats the key.
 */
export function signingKeyOf(settings: {
  signingKeyFile?: string | undefined;
  signingKey?: string | undefined;
}): SigningKey | undefined {
  const { signingKeyFile: file, signingKey: text } = settings;
  if (file !== undefined && text !== undefined && text.trim() !== '') {
    throw new RangeError(
      'give the signing key either as a file (--signing-key) or in ORGDIR_SIGNING_KEY, not both',
    );
  }
  try {
    if (file !== undefined) return readSigningKey(readFileSync(file, 'utf8'), `the signing key ${file}`);
    if (text !== undefined && text.trim() !== '') return readSigningKey(text, 'ORGDIR_SIGNING_KEY');
    return undefined;
  } catch (error) {
    const reason =
      error instanceof Error && 'code' in error ? `cannot be read (${String(error.code)})` : undefined;
    throw new RangeError(
      reason === undefined ? (error as Error).message : `the signing key ${file} ${reason}`,
      { cause: error },
    );
  }
}

/** The flags of `npm run site`, and the environment it reads. */
export const SITE_COMMAND_LINE = z.object({
  data: folder('data', {
    ...DATA_DIR,
    flag: 'data',
    placeholder: 'DIR',
    description: 'The data folder to read.',
  }),
  out: folder('dist', {
    ...SITE_DIR,
    flag: 'out',
    placeholder: 'DIR',
    description: 'The site folder to write.',
  }),
  releaseDir: documented(
    z
      .string()
      .refine((path) => path.trim() !== '', '--release-dir is an empty path: name a folder')
      .optional(),
    {
      flag: 'release-dir',
      placeholder: 'DIR',
      description: 'The release folder, for the offline copy (default: the site folder + "-release").',
    },
  ),
  tarGz: documented(z.boolean().default(true), {
    flag: 'tar-gz',
    description: 'Write the offline copy as orgdir-site.tar.gz.',
  }),
  recordFiles: recordFiles('write'),
  ...SIGNING,
  verbose: documented(z.boolean().default(false), { flag: 'verbose', description: "Show Astro's own log." }),
  editionsDir: ENVIRONMENT.shape.editionsDir,
  siteUrl: ENVIRONMENT.shape.siteUrl,
  releaseUrl: ENVIRONMENT.shape.releaseUrl,
});

/** The build's own flags, and the environment it reads; the crawl's options come beside them. */
export const BUILD_COMMAND_LINE = z.object({
  accept: documented(z.string().trim().min(1, '--accept needs a reason').optional(), {
    flag: 'accept',
    placeholder: 'REASON',
    description: 'Publish even if the publish guard objects; REASON is recorded in the edition.',
  }),
  keepEditions: keptEditions({ flag: 'keep-editions', env: 'ORGDIR_KEEP_EDITIONS' }),
  reuseCrawl: documented(z.boolean().default(false), {
    flag: 'reuse-crawl',
    description:
      'Do not crawl: judge (and with --accept publish) the crawl that the last build left in DATA.next.',
  }),
  siteBudget: siteBudgetSetting({ flag: 'site-budget', env: 'ORGDIR_SITE_BUDGET' }),
  sampleSearchWords: documented(z.enum(['all', 'any']).default('all'), {
    flag: 'sample-search-words',
    placeholder: 'all|any',
    description:
      "Without ORGDIR_API_URL, how the built-in sample API reads a search of several words: all of them, or any of them (the register's hidden variant; docs/sample-api.md).",
  }),
  recordFiles: recordFiles('publish'),
  ...SIGNING,
  dataDir: ENVIRONMENT.shape.dataDir,
  siteDir: ENVIRONMENT.shape.siteDir,
  editionsDir: ENVIRONMENT.shape.editionsDir,
  siteUrl: ENVIRONMENT.shape.siteUrl,
  releaseUrl: ENVIRONMENT.shape.releaseUrl,
  ...releaseTimeouts(true),
});

/** The build's settings, once read. */
export type BuildSettings = z.output<typeof BUILD_COMMAND_LINE>;

/** Where the publisher keeps the public key in the repository (docs/publishing.md: "A release anyone can verify"). */
const RELEASE_PUBLIC_KEY = 'keys/release.pub';

/** The flags of `npm run verify`, besides the folder or address it checks. */
export const VERIFY_COMMAND_LINE = z.object({
  key: documented(
    z
      .string()
      .refine((path) => path.trim() !== '', '--key is an empty path: name the public key file')
      .prefault(RELEASE_PUBLIC_KEY),
    {
      flag: 'key',
      placeholder: 'FILE',
      description: `The publisher's public key, a signify .pub file (default: the repository's ${RELEASE_PUBLIC_KEY}, or the key shown on the site's About page).`,
    },
  ),
});

/** The flags of `npm run editions`, and the folder it reads. */
export const EDITIONS_COMMAND_LINE = z.object({
  latest: documented(z.boolean().default(false), {
    flag: 'latest',
    description: 'Only the id of the newest edition (for scripts and the nightly workflow).',
  }),
  json: documented(z.boolean().default(false), {
    flag: 'json',
    description: "The editions' edition.json, newest first.",
  }),
  repair: documented(z.boolean().default(false), {
    flag: 'repair',
    description: 'Finish a publish that a killed build left half-done (a build does this itself).',
  }),
  editionsDir: ENVIRONMENT.shape.editionsDir,
});
