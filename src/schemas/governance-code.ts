import { z } from 'zod';
import { urlString } from './common.ts';

/** A voluntary code an organisation adheres to, as carried inside its record. */
export const governanceCodeSchema = z.looseObject({
  governanceCodeDesc: z.string(),
  governanceCodeUrl: urlString,
});
