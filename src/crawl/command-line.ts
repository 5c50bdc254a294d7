// The crawler's command line: flags and environment variables into `CrawlOptions`, and the text
// of `--help`, both from the crawler's schema (options.ts).
import { environmentHelp, flagsHelp, readFlags, readGivenSettings, type Flags } from '../lib/command-line.ts';
import { CRAWL_COMMAND_LINE, CrawlConfigError, type CrawlOptions } from './options.ts';

export type ParsedCommandLine = { help: true } | { help: false; options: CrawlOptions };

/**
 * The crawl's settings that `flags` (already read by parseArgs) or the environment give; a
 * flag wins over the environment, and a key file over ORGDIR_API_KEY. Throws
 * `CrawlConfigError` for a malformed value.
 */
export function crawlOptionsFrom(flags: Flags, env: NodeJS.ProcessEnv): CrawlOptions {
  const reading = readGivenSettings(CRAWL_COMMAND_LINE, flags, env);
  if (!reading.ok) throw new CrawlConfigError(reading.problem);
  const { key, ...options } = reading.value;
  return options.keyFile === undefined && key !== undefined ? { ...options, key } : options;
}

/**
 * Reads the command line and the environment into `CrawlOptions` (flags win over the
 * environment). Throws `CrawlConfigError` for an unknown flag or a malformed value.
 */
export function parseCrawlCommandLine(argv: readonly string[], env: NodeJS.ProcessEnv): ParsedCommandLine {
  const flags = readFlags([CRAWL_COMMAND_LINE], argv);
  if (!flags.ok) throw new CrawlConfigError(`${flags.problem} (see --help)`);
  if (flags.value['help'] === true) return { help: true };
  return { help: false, options: crawlOptionsFrom(flags.value, env) };
}

/** The crawl's options and its environment, for `--help`. */
function crawlOptionsHelp(): string[] {
  return [
    'Options:',
    ...flagsHelp(CRAWL_COMMAND_LINE),
    '  --help',
    '      Show this text.',
    '',
    'Environment:',
    ...environmentHelp(CRAWL_COMMAND_LINE),
  ];
}

/** The text of `--help`: every option with its environment variable and default. */
export function crawlHelp(): string {
  return [
    'Usage: npm run crawl -- [options]',
    '',
    'Fetches the voluntary codes, their members, registeredCharities, taxEfficientGifts,',
    'housingBodies and then every listed organisation into the data folder.',
    '',
    ...crawlOptionsHelp(),
    '',
    'Exit codes: 0 every listed organisation stored or recorded as gone (404); 1 some still',
    'failed after their retries, or the crawl was interrupted (the data folder is unchanged',
    'unless --allow-failures allowed it); 2 a configuration error, or the API refused the key.',
  ].join('\n');
}

/** The crawl's options within a build, which chooses the crawl's data folder itself. */
export const BUILD_CRAWL_COMMAND_LINE = CRAWL_COMMAND_LINE.omit({ dataDir: true });
