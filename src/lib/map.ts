// A small offline map: the outline of the island of Ireland as an SVG path, and a dot for a
// point. No tiles and no network, so it works from file:// and in print.
import { toLatLon } from './geolocation.ts';

export interface MapPoint {
  longitude: number;
  latitude: number;
  /** True when the pair came as [latitude, longitude] and was turned round to fit Ireland. */
  swapped: boolean;
}

/**
 * Reads a GeoJSON-style coordinate pair with the crawler's own judgement of its order
 * (`toLatLon`), so that the page and the crawl's manifest agree on every point. `undefined` for
 * 0,0 ("unknown"), for anything that is not two finite numbers, and for points that fit Ireland
 * in neither order.
 */
export function irishPoint(coordinates: unknown): MapPoint | undefined {
  const point = toLatLon(coordinates);
  return point && { longitude: point.lon, latitude: point.lat, swapped: point.swapped };
}

/** True for a pair of 0,0, which the spec says stands for an unknown location. */
export function isUnknownLocation(coordinates: unknown): boolean {
  return Array.isArray(coordinates) && coordinates[0] === 0 && coordinates[1] === 0;
}

/** "53.3498° N, 6.2603° W". */
export function formatPoint(point: MapPoint): string {
  const latitude = `${Math.abs(point.latitude).toFixed(4)}° ${point.latitude >= 0 ? 'N' : 'S'}`;
  const longitude = `${Math.abs(point.longitude).toFixed(4)}° ${point.longitude >= 0 ? 'E' : 'W'}`;
  return `${latitude}, ${longitude}`;
}

/**
 * The coast of the island, clockwise from Malin Head, simplified to about sixty points
 * ([longitude, latitude]); enough to place a dot by county, not to navigate by.
 */
const IRELAND_COAST: readonly (readonly [number, number])[] = [
  [-7.37, 55.38],
  [-6.95, 55.19],
  [-6.65, 55.21],
  [-6.15, 55.23],
  [-6.05, 55.05],
  [-5.8, 54.85],
  [-5.9, 54.66],
  [-5.53, 54.64],
  [-5.43, 54.45],
  [-5.45, 54.33],
  [-5.66, 54.22],
  [-5.88, 54.2],
  [-6.1, 54.03],
  [-6.35, 53.98],
  [-6.22, 53.8],
  [-6.25, 53.72],
  [-6.1, 53.52],
  [-6.06, 53.37],
  [-6.2, 53.33],
  [-6.1, 53.27],
  [-5.99, 52.96],
  [-6.14, 52.8],
  [-6.2, 52.56],
  [-6.36, 52.17],
  [-6.93, 52.12],
  [-7.6, 52.06],
  [-7.85, 51.95],
  [-8.27, 51.8],
  [-8.53, 51.6],
  [-8.95, 51.53],
  [-9.82, 51.45],
  [-9.45, 51.68],
  [-10.23, 51.58],
  [-9.85, 51.8],
  [-10.34, 51.78],
  [-10.35, 51.9],
  [-9.85, 52.1],
  [-10.5, 52.1],
  [-9.95, 52.4],
  [-9.93, 52.56],
  [-9.45, 52.85],
  [-9.47, 52.95],
  [-9.26, 53.15],
  [-9.05, 53.27],
  [-9.3, 53.24],
  [-10.23, 53.4],
  [-9.9, 53.62],
  [-10.25, 53.97],
  [-9.99, 54.3],
  [-9.35, 54.33],
  [-9.15, 54.2],
  [-8.6, 54.3],
  [-8.45, 54.47],
  [-8.2, 54.63],
  [-8.8, 54.65],
  [-8.75, 54.72],
  [-8.55, 54.83],
  [-8.28, 55.14],
  [-7.98, 55.22],
  [-7.63, 55.28],
  [-7.5, 55.05],
  [-7.45, 55.28],
];

/** The map's frame in degrees: the island with a small margin. */
const FRAME = { west: -10.8, east: -5.2, south: 51.3, north: 55.5 } as const;

/** Degrees of longitude are shorter than degrees of latitude this far north. */
const LONGITUDE_SCALE = Math.cos((53.4 * Math.PI) / 180);

/** Pixels per degree of latitude in the SVG's own units. */
const SCALE = 40;

export const MAP_WIDTH = Math.round((FRAME.east - FRAME.west) * LONGITUDE_SCALE * SCALE);
export const MAP_HEIGHT = Math.round((FRAME.north - FRAME.south) * SCALE);

/** An equirectangular projection scaled for Ireland's latitude: simple and good enough here. */
export function project(longitude: number, latitude: number): { x: number; y: number } {
  return {
    x: Math.round((longitude - FRAME.west) * LONGITUDE_SCALE * SCALE * 10) / 10,
    y: Math.round((FRAME.north - latitude) * SCALE * 10) / 10,
  };
}

/** The outline as an SVG path, computed once. */
export const IRELAND_PATH =
  IRELAND_COAST.map(([longitude, latitude], index) => {
    const { x, y } = project(longitude, latitude);
    return `${index === 0 ? 'M' : 'L'}${x} ${y}`;
  }).join('') + 'Z';

/**
 * The outline as a standalone SVG file, shared by every organisation's map: drawn into each page
 * it cost 2.2 kB a page, 77 MB at 35,000 organisations. Its colours are its own, since a page's
 * stylesheet does not reach into an image.
 */
export function irelandOutlineSvg(): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${MAP_WIDTH} ${MAP_HEIGHT}" ` +
    `width="${MAP_WIDTH}" height="${MAP_HEIGHT}">` +
    `<path d="${IRELAND_PATH}" fill="#f3f4f6" stroke="#6b7280" stroke-width="1.5"/></svg>\n`
  );
}
