// `--discover`: the lists name only organisations that belong to a group, while the database held
// 20,000–35,000 when the real service was online. Searching for words nearly every record carries in its
// address, sector or name reaches the others. The set is fixed, so two sweeps are comparable.

/** The 26 counties of the State and the 6 of Northern Ireland: every registered address names one. */
const COUNTY_QUERIES = [
  'Carlow',
  'Cavan',
  'Clare',
  'Cork',
  'Donegal',
  'Dublin',
  'Galway',
  'Kerry',
  'Kildare',
  'Kilkenny',
  'Laois',
  'Leitrim',
  'Limerick',
  'Longford',
  'Louth',
  'Mayo',
  'Meath',
  'Monaghan',
  'Offaly',
  'Roscommon',
  'Sligo',
  'Tipperary',
  'Waterford',
  'Westmeath',
  'Wexford',
  'Wicklow',
  'Antrim',
  'Armagh',
  'Derry',
  'Down',
  'Fermanagh',
  'Tyrone',
] as const;

/** The twelve sectors of the service's ICNPO adaptation (src/sample-api/classification.ts), as phrases. */
const SECTOR_QUERIES = [
  '"Arts, Culture, Media"',
  '"Recreation, Sports"',
  '"Education, Research"',
  'Health',
  '"Social Services"',
  '"Development, Housing"',
  'Environment',
  '"Advocacy, Law, Politics"',
  '"Philanthropy, Voluntarism"',
  'International',
  'Religion',
  '"Professional, Vocational"',
] as const;

/** Words common in the names of Irish nonprofits. */
const COMMON_WORD_QUERIES = [
  'association',
  'centre',
  'charity',
  'club',
  'community',
  'company',
  'council',
  'development',
  'foundation',
  'group',
  'housing',
  'ireland',
  'irish',
  'limited',
  'national',
  'network',
  'parish',
  'school',
  'services',
  'society',
  'support',
  'trust',
  'youth',
] as const;

export const DISCOVERY_QUERIES: readonly string[] = [
  ...COUNTY_QUERIES,
  ...SECTOR_QUERIES,
  ...COMMON_WORD_QUERIES,
];
