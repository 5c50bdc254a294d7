// Hand-written vocabulary of the sample register: people, saints, causes, funders and the
// sentences of legal objects, in words.json. Kept here rather than taken from a fake-data library
// so that the names read as Irish and the output cannot change under a library upgrade; read
// through a schema, so that an edit of the data file that breaks its shape fails at once.
import { z } from 'zod';
import data from './words.json' with { type: 'json' };

const names = z.array(z.string().min(1));
const weighted = <T extends z.ZodTypeAny>(item: T) => z.array(item);
const funders = z.array(z.strictObject({ name: z.string().min(1), fundingType: z.string().min(1) }));

const WORDS = z
  .strictObject({
    firstNames: names,
    surnames: names,
    saints: z.array(z.strictObject({ english: z.string(), irish: z.string() })),
    conditions: names,
    countries: names,
    dioceses: names,
    nationalPatterns: z.array(
      z.strictObject({
        pattern: z.string().includes('{}'),
        fill: z.enum(['condition', 'country', 'diocese', 'surname']),
      }),
    ),
    sharedNames: names,
    legalEndings: weighted(z.tuple([z.string(), z.string(), z.number().int().nonnegative()])),
    unincorporatedForms: weighted(z.tuple([z.string(), z.number().int().nonnegative()])),
    centralFunders: funders,
    agencyFunders: funders,
    otherFunders: funders,
    objectOpenings: z.record(z.string(), names),
    objectContinuations: names,
  })
  .parse(data);

export const FIRST_NAMES: readonly string[] = WORDS.firstNames;
export const SURNAMES: readonly string[] = WORDS.surnames;
/** Saints, in English and in Irish, for parish and school names. */
export const SAINTS: readonly { english: string; irish: string }[] = WORDS.saints;
/** Causes that national organisations are named for. */
export const CONDITIONS: readonly string[] = WORDS.conditions;
export const COUNTRIES: readonly string[] = WORDS.countries;
export const DIOCESES: readonly string[] = WORDS.dioceses;
/** National organisations, "{}" standing for a cause, a country, a diocese or a family name. */
export const NATIONAL_PATTERNS = WORDS.nationalPatterns;
/** Names held by many organisations at once, as in the real register. */
export const SHARED_NAMES: readonly string[] = WORDS.sharedNames;
/** Legal-form endings as the register spells them, with the legal form they imply and a weight. */
export const LEGAL_ENDINGS: readonly (readonly [string, string, number])[] = WORDS.legalEndings;
/** Legal forms of organisations whose names carry no company ending, with a weight. */
export const UNINCORPORATED_FORMS: readonly (readonly [string, number])[] = WORDS.unincorporatedForms;

export interface FunderName {
  name: string;
  fundingType: string;
}

export const CENTRAL_FUNDERS: readonly FunderName[] = WORDS.centralFunders;
export const AGENCY_FUNDERS: readonly FunderName[] = WORDS.agencyFunders;
export const OTHER_FUNDERS: readonly FunderName[] = WORDS.otherFunders;

/** The local authority of a county (Dublin and the cities have several; one is chosen). */
export function localAuthorities(county: string): string[] {
  switch (county) {
    case 'Dublin':
      return [
        'Dublin City Council',
        'Fingal County Council',
        'South Dublin County Council',
        'Dún Laoghaire-Rathdown County Council',
      ];
    case 'Cork':
      return ['Cork City Council', 'Cork County Council'];
    case 'Galway':
      return ['Galway City Council', 'Galway County Council'];
    case 'Limerick':
      return ['Limerick City and County Council'];
    case 'Waterford':
      return ['Waterford City and County Council'];
    default:
      return [`${county} County Council`];
  }
}

/**
 * Opening sentences of legal objects, by sub-sector code where one is given, else by sector code;
 * "{place}" is the organisation's locality.
 */
export const OBJECT_OPENINGS: Readonly<Record<string, readonly string[]>> = WORDS.objectOpenings;
/** Sentences that follow an opening in a longer statement of objects. */
export const OBJECT_CONTINUATIONS: readonly string[] = WORDS.objectContinuations;
