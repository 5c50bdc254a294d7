// npm run sample-api -- [flags]: serves the sample API on loopback until stopped (Ctrl-C).
import { generateDataset } from '../src/sample-api/dataset.ts';
import {
  SAMPLE_API_COMMAND_LINE,
  SAMPLE_API_DEGRADATIONS,
  SAMPLE_API_FAULTS,
} from '../src/sample-api/command-line.ts';
import {
  startSampleApi,
  type DegradationOptions,
  type FaultOptions,
  type RunningSampleApi,
} from '../src/sample-api/server.ts';
import { flagsHelp, readFlags, readGivenSettings, readSettings } from '../src/lib/command-line.ts';

const HELP = [
  'Usage: npm run sample-api -- [flags]',
  '',
  'Serves every operation of the API spec over a deterministic sample register on loopback,',
  'until stopped with Ctrl-C (SIGINT) or SIGTERM.',
  '',
  ...flagsHelp(SAMPLE_API_COMMAND_LINE),
  '',
  'Faults (all off by default; rates are shares between 0 and 1):',
  ...flagsHelp(SAMPLE_API_FAULTS),
  '',
  'A bad night of the register (the same organisations on every request):',
  ...flagsHelp(SAMPLE_API_DEGRADATIONS),
  '',
  '  --help',
  '      Show this help.',
  '',
  'Statistics: GET /_stats (no key needed); POST /_stats resets them.',
].join('\n');

class UsageError extends Error {}

/** The reading's value, or its problem as a usage error. */
function valueOf<T>(reading: { ok: true; value: T } | { ok: false; problem: string }): T {
  if (!reading.ok) throw new UsageError(reading.problem);
  return reading.value;
}

/** What the server says it is serving, and how to reach it. */
function describe(
  api: RunningSampleApi,
  faults: FaultOptions,
  degradations: DegradationOptions,
  readyMs: number,
): void {
  const { dataset } = api;
  const activeFaults = Object.keys(faults);
  console.log(`Sample API: ${api.baseUrl}`);
  console.log(`Subscription key (header Ocp-Apim-Subscription-Key): ${api.key}`);
  console.log(
    `${dataset.orgs} organisations (seed ${dataset.seed}, edition ${dataset.edition}): ${dataset.registeredCharities.length} registered charities, ` +
      `${dataset.taxEfficientGifts.length} tax-efficient gifts, ${dataset.housingBodies.length} housing bodies, ` +
      `${dataset.goneIds.length} listed but gone; ready in ${readyMs} ms`,
  );
  console.log(
    `Faults: ${activeFaults.length === 0 ? 'none' : activeFaults.map((key) => `${key}=${String(faults[key as keyof FaultOptions])}`).join(', ')}`,
  );
  if (Object.keys(degradations).length > 0)
    console.log(
      `Degradations: ${Object.entries(degradations)
        .map(([key, value]) => `${key}=${String(value)}`)
        .join(', ')}`,
    );
  console.log(`Statistics: ${api.origin}/_stats`);
  console.log(`Try: curl -H 'Ocp-Apim-Subscription-Key: ${api.key}' ${api.baseUrl}/registeredCharities/`);
}

async function main(): Promise<number> {
  const schemas = [SAMPLE_API_COMMAND_LINE, SAMPLE_API_FAULTS, SAMPLE_API_DEGRADATIONS];
  const flags = valueOf(readFlags(schemas, process.argv.slice(2)));
  if (flags['help'] === true) {
    console.log(HELP);
    return 0;
  }
  const settings = valueOf(readSettings(SAMPLE_API_COMMAND_LINE, flags, process.env));
  // Only the faults and degradations given are passed on, so that what is announced is what was asked.
  const faults: FaultOptions = valueOf(readGivenSettings(SAMPLE_API_FAULTS, flags, {}));
  const degradations: DegradationOptions = valueOf(readGivenSettings(SAMPLE_API_DEGRADATIONS, flags, {}));
  if (degradations.blankShare !== undefined && degradations.blankField === undefined) {
    throw new UsageError('--blank-share needs --blank-field');
  }

  const started = performance.now();
  const api = await startSampleApi({
    host: settings.host,
    port: settings.port,
    dataset: generateDataset({
      orgs: settings.orgs,
      seed: settings.seed,
      edition: settings.edition,
      listShare: settings.listShare,
    }),
    key: settings.key,
    voluntaryCodesShape: settings.codes,
    searchLimit: settings.searchLimit,
    searchWords: settings.searchWords,
    faults,
    ...(Object.keys(degradations).length === 0 ? {} : { degradations }),
  });
  describe(api, faults, degradations, Math.round(performance.now() - started));

  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      console.log(`${signal}: closing`);
      resolve();
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
  await api.close();
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`sample-api: ${error.message} (see --help)`);
      process.exitCode = 2;
    } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(`sample-api: ${(error as Error).message}; choose another --port`);
      process.exitCode = 1;
    } else if (
      ['ENOTFOUND', 'EAI_AGAIN', 'EADDRNOTAVAIL', 'EACCES'].includes(
        (error as NodeJS.ErrnoException).code ?? '',
      )
    ) {
      console.error(`sample-api: cannot listen there: ${(error as Error).message}; check --host and --port`);
      process.exitCode = 1;
    } else {
      console.error(error);
      process.exitCode = 1;
    }
  },
);
