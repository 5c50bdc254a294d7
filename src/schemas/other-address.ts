import { z } from 'zod';
import { geolocationSchema } from './geolocation.ts';

export const otherAddressSchema = z.looseObject({
  /** The address as recorded. */
  address: z.string(),
  /** Normalised form: lower case, without punctuation. */
  cleanAddress: z.string(),
  county: z.string(),
  /** Postal code; empty string when none. */
  eircode: z.string(),
  geolocation: geolocationSchema,
});
