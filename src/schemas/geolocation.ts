import { z } from 'zod';

/**
 * A GeoJSON-style point. The spec does not state the order of the two numbers; the search
 * backend of the real service stored [longitude, latitude]. `[0, 0]` means "location unknown".
 */
export const geolocationSchema = z.looseObject({
  /** A point type, e.g. "Point". */
  type: z.string(),
  coordinates: z.tuple([z.number(), z.number()]),
});
