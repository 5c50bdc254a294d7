// The small facts the sample register makes for every organisation at start-up (./dataset.ts),
// from which its full record (./record.ts) and its changes between editions (./editions.ts) are made.
import type { SubSector } from './classification.ts';
import type { County, PostalAddress, Town } from './geography.ts';
import type { NameFamily } from './names.ts';

/** The facts made eagerly for every organisation, live or gone. */
export interface OrganisationCore {
  index: number;
  id: string;
  name: string;
  altNames: string[];
  family: NameFamily;
  governingForm: string;
  county: County;
  town: Town;
  /** The town or village the organisation is named after and sits in. */
  place: string;
  address: PostalAddress;
  subSector: SubSector;
  secondarySubSector: SubSector | undefined;
  registeredCharity: boolean;
  taxEfficientGifts: boolean;
  housingBody: boolean;
  voluntaryCodes: string[];
  /** Listed somewhere, but `Organisation/{id}` answers 404. */
  gone: boolean;
}
