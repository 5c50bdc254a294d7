import { z } from 'zod';
import { dateTime, guid, urlString } from './common.ts';
import { directorSchema } from './director.ts';
import { financialSummarySchema } from './financial-summary.ts';
import { funderSchema } from './funder.ts';
import { geolocationSchema } from './geolocation.ts';
import { governanceCodeSchema } from './governance-code.ts';
import { otherAddressSchema } from './other-address.ts';
import { regulatorSchema } from './regulator.ts';
import { sourceSchema } from './source.ts';

/**
 * The full record of one organisation (`Organisation/{id}`). Loose: fields the API adds are kept,
 * because storage is lossless and the site lists them under "other data".
 */
export const organisationSchema = z.looseObject({
  id: guid,
  name: z.string(),
  /** May be empty. */
  altNames: z.array(z.string()),
  sectorName: z.string(),
  sectorCode: z.string(),
  subSectorName: z.string(),
  /** The sector code, a dot and a number, e.g. "5.7". */
  subSectorCode: z.string(),
  /** Empty string when there is no secondary sub-sector. */
  secondarySubsectorName: z.string(),
  /** Empty string when there is no secondary sub-sector. */
  secondarySubsectorCode: z.string(),
  regulators: z.array(regulatorSchema),
  registeredAddress: z.string(),
  county: z.string(),
  /** Location of the registered address. */
  geolocation: geolocationSchema,
  financialSummary: financialSummarySchema,
  funders: z.array(funderSchema),
  otherAddresses: z.array(otherAddressSchema),
  sources: z.array(sourceSchema),
  /** Website of the organisation, as given: not necessarily a safe or even a valid URL. */
  orgUrl: urlString,
  incorporatedDate: dateTime,
  /** Legal form of the organisation. */
  governingForm: z.string(),
  numEmployees: z.int(),
  /** Extract of the stated legal objects; may end part-way through a sentence. */
  legalObjectsExtract: z.string(),
  legalObjectsDate: dateTime,
  directors: z.array(directorSchema),
  /** Labels of the regulatory or tax statuses that apply, e.g. "Registered Charity (CRA)". */
  regulatory: z.array(z.string()),
  /** Voluntary codes the organisation adheres to. */
  governanceCodes: z.array(governanceCodeSchema),
});

export type Organisation = z.infer<typeof organisationSchema>;

/** The top-level fields the spec defines; any other key of a record is "other data". */
export const ORGANISATION_FIELDS: readonly string[] = Object.keys(organisationSchema.shape);
