import { z } from 'zod';
import { guid } from './common.ts';

/** Element of every group list (voluntaryCodeMembers, registeredCharities, taxEfficientGifts, housingBodies). */
const organisationSummarySchema = z.looseObject({
  /** Input of `Organisation/{id}`. A list may hold an id whose record no longer answers. */
  id: guid,
  name: z.string(),
});

export const organisationListSchema = z.array(organisationSummarySchema);
