import { z } from 'zod';

export const funderSchema = z.looseObject({
  /** Name of the funder. */
  fundSource: z.string(),
  /** Amount in the same unstated currency as the financial summary. */
  amount: z.int(),
  /** Category of funder; the complete set of values is not published. */
  fundingType: z.string(),
});
