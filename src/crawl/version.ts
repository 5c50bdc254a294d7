import { readFileSync } from 'node:fs';

/** `version` of orgdir's package.json, recorded in every manifest. */
export const CRAWLER_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
