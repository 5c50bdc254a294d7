// The crawler's command line: flags and environment variables into `CrawlOptions`, and the text
// of `--help`, both from the option table (options.ts).
import { parseArgs } from 'node:util';
import {
  checkNumber,
  CRAWL_OPTIONS,
  CrawlConfigError,
  fromOptionUnit,
  toOptionUnit,
  type CrawlOptions,
  type OptionDefinition,
} from './options.ts';

export type ParsedCommandLine = { help: true } | { help: false; options: CrawlOptions };

/**
 * Reads the command line and the environment into `CrawlOptions` (flags win over the
 * environment). Throws `CrawlConfigError` for an unknown flag or a malformed value.
 */
export function parseCrawlCommandLine(argv: readonly string[], env: NodeJS.ProcessEnv): ParsedCommandLine {
  const flags: Record<string, { type: 'string' | 'boolean' }> = { help: { type: 'boolean' } };
  for (const option of CRAWL_OPTIONS)
    flags[option.flag] = { type: option.kind === 'boolean' ? 'boolean' : 'string' };
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: flags,
      strict: true,
      allowPositionals: false,
      allowNegative: true,
    }));
  } catch (error) {
    throw new CrawlConfigError(`${(error as Error).message.split('\n')[0]} (see --help)`);
  }
  if (values['help'] === true) return { help: true };

  const options: Record<string, unknown> = {};
  for (const option of CRAWL_OPTIONS) {
    const raw = values[option.flag] ?? (option.env === undefined ? undefined : env[option.env] || undefined);
    if (raw === undefined) continue;
    if (typeof raw === 'boolean' || option.kind === 'string' || option.kind === 'progress') {
      options[option.key] = raw;
      continue;
    }
    const number = raw.trim() === '' ? Number.NaN : Number(raw);
    checkNumber(option, number, raw);
    options[option.key] = toOptionUnit(option, number);
  }
  const key = env['ORGDIR_API_KEY'];
  if (options['keyFile'] === undefined && key !== undefined && key !== '') options['key'] = key;
  return { help: false, options: options as CrawlOptions };
}

function shownDefault(option: OptionDefinition): string {
  if (option.defaultValue === undefined || option.defaultValue === false) return '';
  if (option.defaultValue === true) return ` (default on; --no-${option.flag} turns it off)`;
  if (typeof option.defaultValue === 'number') {
    const unit = option.kind === 'seconds' ? ' s' : option.kind === 'hours' ? ' h' : '';
    return ` (default ${fromOptionUnit(option, option.defaultValue)}${unit})`;
  }
  return ` (default ${String(option.defaultValue)})`;
}

function wrap(text: string, width: number, indent: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && indent.length + line.length + 1 + word.length > width) {
      lines.push(indent + line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') lines.push(indent + line);
  return lines;
}

/** The text of `--help`: every option with its environment variable and default. */
export function crawlHelp(): string {
  const lines = [
    'Usage: npm run crawl -- [options]',
    '',
    'Fetches the voluntary codes, their members, registeredCharities, taxEfficientGifts,',
    'housingBodies and then every listed organisation into the data folder.',
    '',
    'Options:',
  ];
  for (const option of CRAWL_OPTIONS) {
    const name = `--${option.flag}${option.placeholder === undefined ? '' : ` ${option.placeholder}`}`;
    const env = option.env === undefined ? '' : ` [env ${option.env}]`;
    lines.push(`  ${name}${env}`, ...wrap(`${option.description}${shownDefault(option)}`, 88, '      '));
  }
  lines.push(
    '  --help',
    '      Show this text.',
    '',
    'Environment: ORGDIR_API_KEY holds the subscription key when --key-file is not given.',
    '',
    'Exit codes: 0 every listed organisation stored or recorded as gone (404); 1 some still',
    'failed after their retries, or the crawl was interrupted (the data folder is unchanged',
    'unless --allow-failures allowed it); 2 a configuration error, or the API refused the key.',
  );
  return lines.join('\n');
}
