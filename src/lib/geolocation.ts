// The API does not say in which order `geolocation.coordinates` holds its two numbers (GeoJSON,
// https://www.rfc-editor.org/rfc/rfc7946#section-3.1.1, says longitude first). On the island of
// Ireland longitudes are negative and latitudes positive, so the two ranges cannot overlap and a
// pair tells its own order.

/** The island of Ireland: longitudes about −10.7…−5.4, latitudes about 51.4…55.4. */
const IRELAND_BOUNDS = {
  lon: { min: -10.7, max: -5.4 },
  lat: { min: 51.4, max: 55.4 },
} as const;

/**
 * - `lon-lat`: GeoJSON order, [longitude, latitude], inside Ireland;
 * - `lat-lon`: swapped, [latitude, longitude], inside Ireland;
 * - `unknown`: `[0, 0]` (the API's "no location"), or not a pair of finite numbers;
 * - `outside`: two numbers that are a point in Ireland in neither order.
 */
export type CoordinateOrder = 'lon-lat' | 'lat-lon' | 'unknown' | 'outside';

function isLongitude(value: number): boolean {
  return value >= IRELAND_BOUNDS.lon.min && value <= IRELAND_BOUNDS.lon.max;
}

function isLatitude(value: number): boolean {
  return value >= IRELAND_BOUNDS.lat.min && value <= IRELAND_BOUNDS.lat.max;
}

function numberPair(coordinates: unknown): [number, number] | undefined {
  if (!Array.isArray(coordinates) || coordinates.length !== 2) return undefined;
  const [first, second] = coordinates as unknown[];
  if (typeof first !== 'number' || typeof second !== 'number') return undefined;
  if (!Number.isFinite(first) || !Number.isFinite(second)) return undefined;
  return [first, second];
}

/** Which order a `coordinates` value is in; accepts anything, because it judges API data. */
export function coordinateOrder(coordinates: unknown): CoordinateOrder {
  const pair = numberPair(coordinates);
  if (pair === undefined) return 'unknown';
  const [first, second] = pair;
  if (first === 0 && second === 0) return 'unknown';
  if (isLongitude(first) && isLatitude(second)) return 'lon-lat';
  if (isLatitude(first) && isLongitude(second)) return 'lat-lon';
  return 'outside';
}

export interface LatLon {
  lat: number;
  lon: number;
  /** True when the API gave [latitude, longitude]: the point is derived, and should be labelled so. */
  swapped: boolean;
}

/**
 * The point as latitude and longitude, whichever order the API used; `undefined` when the
 * location is unknown or is not in Ireland in either order (its order cannot be told).
 */
export function toLatLon(coordinates: unknown): LatLon | undefined {
  const order = coordinateOrder(coordinates);
  const pair = numberPair(coordinates);
  if (pair === undefined) return undefined;
  if (order === 'lon-lat') return { lat: pair[1], lon: pair[0], swapped: false };
  if (order === 'lat-lon') return { lat: pair[0], lon: pair[1], swapped: true };
  return undefined;
}
