// The register spells a county several ways ("Dublin", "Co. Dublin", "CO DUBLIN", "Dublin 8");
// browse pages group them under one key and show the spelling most records use.
import { withoutAccents } from './slugs.ts';

/** The grouping key of a county as written: "Co. Dublin" and "dublin" give "dublin". */
export function countyKey(county: string): string {
  return withoutAccents(county)
    .toLowerCase()
    .replace(/^\s*(co\.?|county)\s+/, '')
    .replace(/\s+\d+[a-z]?\s*$/, '')
    .replace(/[^a-z]+/g, ' ')
    .trim();
}
