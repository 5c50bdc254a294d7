import { z } from 'zod';
import { guid } from './common.ts';

/** Element of the `search` response. */
const searchResultSchema = z.looseObject({
  id: guid,
  name: z.string(),
  /** Other names the organisation is known by; may be empty. */
  altNames: z.array(z.string()),
  /** Registered address as one line. */
  registeredAddress: z.string(),
  county: z.string(),
  sectorName: z.string(),
  sectorCode: z.string(),
  subSectorName: z.string(),
  /** The sector code, a dot and a number, e.g. "5.7". */
  subSectorCode: z.string(),
});

export const searchResponseSchema = z.array(searchResultSchema);
