import { z } from 'zod';
import { urlString } from './common.ts';

export const regulatorSchema = z.looseObject({
  regulatorName: z.string(),
  /** Short abbreviation of the regulator, e.g. "CRA". */
  regulatorDesc: z.string(),
  /** Registration number; may be a text marker such as "Not Applicable" when no number applies. */
  regulatorNumber: z.string(),
  regulatorUrl: urlString,
});
