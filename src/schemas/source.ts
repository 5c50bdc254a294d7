import { z } from 'zod';
import { dateTime, urlString } from './common.ts';

export const sourceSchema = z.looseObject({
  /** Name of the data source. */
  source: z.string(),
  url: urlString,
  /** Absent for some sources. */
  license: z.string().optional(),
  /** Date of the data from that source; may carry fractional seconds. */
  date: dateTime,
});
