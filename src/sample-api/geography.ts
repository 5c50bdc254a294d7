// Places of the sample register: the 26 counties of the State and the six of Northern Ireland,
// towns with approximate coordinates and their Eircode routing keys, streets and buildings.
// Coordinates are town centres to two decimals; each organisation is placed near one. The tables
// are data (vocabulary/places.json), read through a schema.
import { z } from 'zod';
import { chance, integer, pick, pickWeighted, type Random } from './prng.ts';
import places from './vocabulary/places.json' with { type: 'json' };

export interface Town {
  name: string;
  /** Irish name, for names such as "Cumann Lúthchleas Gael ...". */
  irish?: string;
  latitude: number;
  longitude: number;
  /** Eircode routing key; empty in Northern Ireland, which has UK postcodes instead. */
  routingKey: string;
}

export interface County {
  name: string;
  northern: boolean;
  towns: readonly Town[];
}

const PLACES = z
  .strictObject({
    counties: z.array(
      z.strictObject({
        name: z.string().min(1),
        northern: z.boolean(),
        towns: z
          .array(
            z.strictObject({
              name: z.string().min(1),
              irish: z.string().min(1).optional(),
              latitude: z.number().min(51).max(56),
              longitude: z.number().min(-11).max(-5),
              routingKey: z.string().regex(/^(?:[AC-FHKNPRTV-Y]\d{2}|D6W)?$/),
            }),
          )
          .min(1),
      }),
    ),
    streets: z.array(z.string().min(1)).min(1),
    buildings: z.array(z.string().min(1)).min(1),
  })
  .parse(places);

export const COUNTIES: readonly County[] = PLACES.counties.map((county) => ({
  ...county,
  towns: county.towns.map(({ irish, ...town }) => (irish === undefined ? town : { ...town, irish })),
}));

const STREETS: readonly string[] = PLACES.streets;
const BUILDINGS: readonly string[] = PLACES.buildings;

function countyByName(name: string): County {
  const county = COUNTIES.find((candidate) => candidate.name === name);
  if (county === undefined) throw new Error(`unknown county ${name}`);
  return county;
}

/** Characters of an Eircode's unique identifier (no B, G, I, J, L, M, O, Q, S, U, Z). */
const EIRCODE_CHARACTERS = '0123456789ACDEFHKNPRTVWXY';

/** A valid-looking Eircode such as "D02 X285"; empty where the town has no routing key. */
function eircode(random: Random, place: Town): string {
  if (place.routingKey === '') return '';
  let identifier = pick(random, [...'ACDEFHKNPRTVWXY']);
  for (let i = 0; i < 3; i++)
    identifier += EIRCODE_CHARACTERS[integer(random, 0, EIRCODE_CHARACTERS.length - 1)];
  return `${place.routingKey} ${identifier}`;
}

/** A Northern Ireland postcode such as "BT74 6AB", for addresses where an Eircode cannot apply. */
function ukPostcode(random: Random): string {
  const letters = 'ABDEFGHJLNPQRSTUWXYZ';
  return `BT${integer(random, 1, 94)} ${integer(random, 1, 9)}${pick(random, [...letters])}${pick(random, [...letters])}`;
}

export interface PostalAddress {
  /** "Unit 4, Enterprise Centre, Main Street, Ballina, Co. Mayo, F26 X2P3" */
  line: string;
  county: string;
  eircode: string;
  town: Town;
}

export function postalAddress(random: Random, county: County, place: Town): PostalAddress {
  const parts: string[] = [];
  const street = pick(random, STREETS);
  const style = random();
  if (style < 0.45) parts.push(`${integer(random, 1, 120)} ${street}`);
  else if (style < 0.75) parts.push(pick(random, BUILDINGS), street);
  else if (style < 0.9)
    parts.push(`Unit ${integer(random, 1, 24)}`, `${place.name} ${pick(random, BUILDINGS)}`);
  else parts.push(street);
  const dublinDistrict = place.name.startsWith('Dublin ');
  parts.push(place.name);
  if (!dublinDistrict) parts.push(`Co. ${county.name}`);
  // Some addresses in the register are recorded without their postal code.
  const code = chance(random, 0.12) ? '' : county.northern ? ukPostcode(random) : eircode(random, place);
  if (code !== '') parts.push(code);
  return { line: parts.join(', '), county: county.name, eircode: county.northern ? '' : code, town: place };
}

/** A point near the town centre, within a few kilometres. */
export function nearby(random: Random, place: Town): { latitude: number; longitude: number } {
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  return {
    latitude: round(place.latitude + (random() - 0.5) * 0.06),
    longitude: round(place.longitude + (random() - 0.5) * 0.09),
  };
}

/** Picks a county by weight and a town in it (towns earlier in the list are larger). */
export function pickPlace(
  random: Random,
  weights: readonly (readonly [string, number])[],
): { county: County; town: Town } {
  const county = countyByName(pickWeighted(random, weights));
  const towns = county.towns;
  const place = pickWeighted(
    random,
    // The county town is the largest, except in Dublin whose postal districts share the city.
    towns.map((candidate, index) => [candidate, index === 0 && county.name !== 'Dublin' ? 4 : 1] as const),
  );
  return { county, town: place };
}
