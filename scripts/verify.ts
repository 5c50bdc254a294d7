// npm run verify -- DIR-OR-URL [--key FILE]: checks a published folder's signed manifest (SHA256.sig)
// against the publisher's public key, then every file it lists (docs/publishing.md: "A release
// anyone can verify"). DIR-OR-URL is a site, a release folder or the replayed API (public/), on
// disk or at a web address.
//
// Exit codes: 0 the signature and every file verified; 1 not verified (unsigned, signed with another
// key, a changed manifest, or a file changed, missing or not listed: each named); 2 a usage mistake
// or a public key that cannot be read.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { VERIFY_COMMAND_LINE } from '../src/config.ts';
import { environmentHelp, flagsHelp, readSettings } from '../src/lib/command-line.ts';
import { ManifestProblem, readPublicKey, verifyPublished } from '../src/hosting/signed-manifest.ts';
import { fetchPublished } from '../src/hosting/fetch-published.ts';

const HELP = [
  'Usage: npm run verify -- DIR-OR-URL [--key FILE]',
  '',
  "Checks DIR-OR-URL's SHA256.sig (a site, a release folder or the replayed API, on disk or at a",
  "web address) against the publisher's public key, then the SHA-256 of every file it lists.",
  'Exit codes: 0 verified; 1 not verified (each failing file named); 2 a usage mistake.',
  '',
  'Options:',
  ...flagsHelp(VERIFY_COMMAND_LINE),
  '  --help',
  '      Show this text.',
  ...environmentHelp(VERIFY_COMMAND_LINE),
].join('\n');

function refuse(problem: string): never {
  console.error(`verify: ${problem} (see --help)`);
  process.exit(2);
}

let parsed: ReturnType<
  typeof parseArgs<{
    options: { key: { type: 'string' }; help: { type: 'boolean' } };
    allowPositionals: true;
  }>
>;
try {
  parsed = parseArgs({
    args: process.argv.slice(2),
    options: { key: { type: 'string' }, help: { type: 'boolean' } },
    allowPositionals: true,
  });
} catch (error) {
  refuse((error as Error).message.split('\n')[0] ?? '');
}
if (parsed.values.help === true) {
  console.log(HELP);
  process.exit(0);
}
if (parsed.positionals.length !== 1) refuse('name one folder or address to verify');
const where = parsed.positionals[0]!;
const settings = readSettings(VERIFY_COMMAND_LINE, parsed.values, process.env);
if (!settings.ok) refuse(settings.problem);

let key: ReturnType<typeof readPublicKey>;
try {
  key = readPublicKey(readFileSync(settings.value.key, 'utf8'), `the public key ${settings.value.key}`);
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  refuse(
    code === undefined
      ? (error as Error).message
      : `the public key ${settings.value.key} cannot be read (${code})`,
  );
}

try {
  const { checked, problems } = await verifyPublished(where, key, { fetchBytes: fetchPublished });
  for (const problem of problems) console.error(`verify: ${problem}`);
  if (problems.length > 0) {
    console.error(`verify: ${where} is NOT verified: ${problems.length} of ${checked} files failed`);
    process.exitCode = 1;
  } else {
    console.log(`verify: ${where}: signature good, ${checked} files verified`);
  }
} catch (error) {
  if (!(error instanceof ManifestProblem)) throw error;
  console.error(`verify: ${where} is NOT verified: ${error.message}`);
  process.exitCode = 1;
}
