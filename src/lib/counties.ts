// The register spells a county several ways ("Dublin", "Co. Dublin", "CO DUBLIN", "Dublin 8");
// browse pages group them under one key and show the spelling most records use.

/** The grouping key of a county as written: "Co. Dublin" and "dublin" give "dublin". */
export function countyKey(county: string): string {
  return county
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/^\s*(co\.?|county)\s+/, '')
    .replace(/\s+\d+[a-z]?\s*$/, '')
    .replace(/[^a-z]+/g, ' ')
    .trim();
}
