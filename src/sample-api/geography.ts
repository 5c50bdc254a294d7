// Places of the sample register: the 26 counties of the State and the six of Northern Ireland,
// towns with approximate coordinates and their Eircode routing keys, streets and buildings.
// Coordinates are town centres to two decimals; each organisation is placed near one.
import { chance, integer, pick, pickWeighted, type Random } from './prng.ts';

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

function town(name: string, latitude: number, longitude: number, routingKey: string, irish?: string): Town {
  return irish === undefined
    ? { name, latitude, longitude, routingKey }
    : { name, irish, latitude, longitude, routingKey };
}

const DUBLIN_DISTRICTS: readonly Town[] = [
  town('Dublin 1', 53.35, -6.26, 'D01'),
  town('Dublin 2', 53.34, -6.25, 'D02'),
  town('Dublin 3', 53.36, -6.23, 'D03'),
  town('Dublin 4', 53.33, -6.23, 'D04'),
  town('Dublin 5', 53.38, -6.19, 'D05'),
  town('Dublin 6', 53.32, -6.26, 'D06'),
  town('Dublin 6W', 53.31, -6.3, 'D6W'),
  town('Dublin 7', 53.36, -6.28, 'D07'),
  town('Dublin 8', 53.34, -6.29, 'D08'),
  town('Dublin 9', 53.38, -6.25, 'D09'),
  town('Dublin 10', 53.34, -6.35, 'D10'),
  town('Dublin 11', 53.39, -6.29, 'D11'),
  town('Dublin 12', 53.32, -6.32, 'D12'),
  town('Dublin 13', 53.39, -6.15, 'D13'),
  town('Dublin 14', 53.3, -6.25, 'D14'),
  town('Dublin 15', 53.38, -6.38, 'D15'),
  town('Dublin 16', 53.28, -6.26, 'D16'),
  town('Dublin 17', 53.4, -6.2, 'D17'),
  town('Dublin 18', 53.26, -6.18, 'D18'),
  town('Dublin 20', 53.35, -6.34, 'D20'),
  town('Dublin 22', 53.32, -6.39, 'D22'),
  town('Dublin 24', 53.29, -6.37, 'D24'),
];

export const COUNTIES: readonly County[] = [
  {
    name: 'Carlow',
    northern: false,
    towns: [
      town('Carlow', 52.84, -6.93, 'R93', 'Ceatharlach'),
      town('Tullow', 52.8, -6.74, 'R93'),
      town('Bagenalstown', 52.7, -6.96, 'R21', 'Muine Bheag'),
    ],
  },
  {
    name: 'Cavan',
    northern: false,
    towns: [
      town('Cavan', 53.99, -7.36, 'H12', 'An Cabhán'),
      town('Bailieborough', 53.91, -6.97, 'A82'),
      town('Cootehill', 54.07, -7.08, 'H16'),
      town('Belturbet', 54.1, -7.45, 'H14'),
      town('Virginia', 53.83, -7.08, 'A82'),
    ],
  },
  {
    name: 'Clare',
    northern: false,
    towns: [
      town('Ennis', 52.84, -8.98, 'V95', 'Inis'),
      town('Shannon', 52.7, -8.87, 'V14'),
      town('Kilrush', 52.64, -9.48, 'V15'),
      town('Ennistymon', 52.94, -9.29, 'V95'),
      town('Kilkee', 52.68, -9.65, 'V15'),
    ],
  },
  {
    name: 'Cork',
    northern: false,
    towns: [
      town('Cork', 51.9, -8.47, 'T12', 'Corcaigh'),
      town('Cork', 51.89, -8.43, 'T23', 'Corcaigh'),
      town('Ballincollig', 51.89, -8.59, 'P31'),
      town('Carrigaline', 51.81, -8.4, 'P43'),
      town('Cobh', 51.85, -8.3, 'P24', 'An Cóbh'),
      town('Midleton', 51.91, -8.17, 'P25'),
      town('Mallow', 52.13, -8.64, 'P51', 'Mala'),
      town('Fermoy', 52.14, -8.28, 'P61'),
      town('Youghal', 51.95, -7.85, 'P36', 'Eochaill'),
      town('Bandon', 51.75, -8.74, 'P72'),
      town('Clonakilty', 51.62, -8.89, 'P85'),
      town('Skibbereen', 51.55, -9.26, 'P81'),
      town('Bantry', 51.68, -9.45, 'P75', 'Beanntraí'),
      town('Kinsale', 51.71, -8.52, 'P17'),
      town('Macroom', 51.9, -8.96, 'P12'),
      town('Mitchelstown', 52.27, -8.27, 'P67'),
      town('Charleville', 52.36, -8.68, 'P56', 'An Ráth'),
    ],
  },
  {
    name: 'Donegal',
    northern: false,
    towns: [
      town('Letterkenny', 54.95, -7.73, 'F92', 'Leitir Ceanainn'),
      town('Donegal', 54.65, -8.11, 'F94', 'Dún na nGall'),
      town('Buncrana', 55.13, -7.45, 'F93'),
      town('Ballyshannon', 54.5, -8.19, 'F94'),
      town('Bundoran', 54.48, -8.28, 'F94'),
      town('Lifford', 54.83, -7.48, 'F93'),
      town('Dungloe', 54.95, -8.36, 'F94', 'An Clochán Liath'),
      town('Gweedore', 55.05, -8.23, 'F92', 'Gaoth Dobhair'),
    ],
  },
  {
    name: 'Dublin',
    northern: false,
    towns: [
      ...DUBLIN_DISTRICTS,
      town('Swords', 53.46, -6.22, 'K67', 'Sord'),
      town('Balbriggan', 53.61, -6.18, 'K32'),
      town('Skerries', 53.58, -6.11, 'K34'),
      town('Malahide', 53.45, -6.15, 'K36'),
      town('Lucan', 53.36, -6.45, 'K78', 'Leamhcán'),
      town('Dún Laoghaire', 53.29, -6.13, 'A96'),
      town('Blackrock', 53.3, -6.18, 'A94'),
      town('Rush', 53.52, -6.09, 'K56'),
      town('Lusk', 53.53, -6.17, 'K45'),
    ],
  },
  {
    name: 'Galway',
    northern: false,
    towns: [
      town('Galway', 53.27, -9.05, 'H91', 'Gaillimh'),
      town('Tuam', 53.51, -8.85, 'H54', 'Tuaim'),
      town('Ballinasloe', 53.33, -8.22, 'H53', 'Béal Átha na Sluaighe'),
      town('Loughrea', 53.2, -8.57, 'H62', 'Baile Locha Riach'),
      town('Athenry', 53.3, -8.75, 'H65', 'Baile Átha an Rí'),
      town('Clifden', 53.49, -10.02, 'H71', 'An Clochán'),
      town('Gort', 53.07, -8.82, 'H91'),
      town('Spiddal', 53.24, -9.3, 'H91', 'An Spidéal'),
      town('Oranmore', 53.27, -8.93, 'H91'),
      town('Portumna', 53.09, -8.22, 'H53'),
    ],
  },
  {
    name: 'Kerry',
    northern: false,
    towns: [
      town('Tralee', 52.27, -9.7, 'V92', 'Trá Lí'),
      town('Killarney', 52.06, -9.51, 'V93', 'Cill Airne'),
      town('Listowel', 52.45, -9.49, 'V31', 'Lios Tuathail'),
      town('Cahersiveen', 51.95, -10.22, 'V23', 'Cathair Saidhbhín'),
      town('Dingle', 52.14, -10.27, 'V92', 'An Daingean'),
      town('Kenmare', 51.88, -9.58, 'V93', 'Neidín'),
      town('Castleisland', 52.23, -9.46, 'V92'),
    ],
  },
  {
    name: 'Kildare',
    northern: false,
    towns: [
      town('Naas', 53.22, -6.66, 'W91', 'An Nás'),
      town('Newbridge', 53.18, -6.8, 'W12', 'Droichead Nua'),
      town('Kildare', 53.16, -6.91, 'R51', 'Cill Dara'),
      town('Athy', 52.99, -6.98, 'R14'),
      town('Celbridge', 53.34, -6.54, 'W23'),
      town('Maynooth', 53.38, -6.59, 'W23', 'Maigh Nuad'),
      town('Leixlip', 53.36, -6.49, 'W23'),
      town('Clane', 53.29, -6.69, 'W91'),
      town('Monasterevin', 53.14, -7.06, 'W34'),
    ],
  },
  {
    name: 'Kilkenny',
    northern: false,
    towns: [
      town('Kilkenny', 52.65, -7.25, 'R95', 'Cill Chainnigh'),
      town('Thomastown', 52.53, -7.14, 'R95'),
      town('Callan', 52.54, -7.39, 'R95'),
      town('Castlecomer', 52.81, -7.21, 'R95'),
    ],
  },
  {
    name: 'Laois',
    northern: false,
    towns: [
      town('Portlaoise', 53.03, -7.3, 'R32', 'Port Laoise'),
      town('Portarlington', 53.16, -7.19, 'R32'),
      town('Mountmellick', 53.11, -7.32, 'R32'),
      town('Abbeyleix', 52.91, -7.35, 'R32'),
      town('Rathdowney', 52.85, -7.58, 'R32'),
    ],
  },
  {
    name: 'Leitrim',
    northern: false,
    towns: [
      town('Carrick-on-Shannon', 53.95, -8.09, 'N41', 'Cora Droma Rúisc'),
      town('Manorhamilton', 54.3, -8.18, 'F91'),
      town('Mohill', 53.92, -7.87, 'N41'),
      town('Ballinamore', 54.05, -7.8, 'N41'),
    ],
  },
  {
    name: 'Limerick',
    northern: false,
    towns: [
      town('Limerick', 52.66, -8.63, 'V94', 'Luimneach'),
      town('Newcastle West', 52.45, -9.06, 'V42'),
      town('Kilmallock', 52.4, -8.58, 'V35'),
      town('Abbeyfeale', 52.39, -9.3, 'V94'),
      town('Rathkeale', 52.52, -8.94, 'V94'),
    ],
  },
  {
    name: 'Longford',
    northern: false,
    towns: [
      town('Longford', 53.73, -7.8, 'N39', 'An Longfort'),
      town('Granard', 53.78, -7.5, 'N39'),
      town('Ballymahon', 53.56, -7.76, 'N39'),
    ],
  },
  {
    name: 'Louth',
    northern: false,
    towns: [
      town('Dundalk', 54.0, -6.4, 'A91', 'Dún Dealgan'),
      town('Drogheda', 53.72, -6.35, 'A92', 'Droichead Átha'),
      town('Ardee', 53.86, -6.54, 'A92'),
      town('Carlingford', 54.04, -6.19, 'A91'),
    ],
  },
  {
    name: 'Mayo',
    northern: false,
    towns: [
      town('Castlebar', 53.85, -9.3, 'F23', 'Caisleán an Bharraigh'),
      town('Ballina', 54.11, -9.15, 'F26', 'Béal an Átha'),
      town('Westport', 53.8, -9.52, 'F28', 'Cathair na Mart'),
      town('Claremorris', 53.72, -9.0, 'F12'),
      town('Ballinrobe', 53.63, -9.23, 'F31'),
      town('Belmullet', 54.22, -9.99, 'F26', 'Béal an Mhuirthead'),
      town('Swinford', 53.94, -8.95, 'F12'),
      town('Ballyhaunis', 53.76, -8.76, 'F35'),
    ],
  },
  {
    name: 'Meath',
    northern: false,
    towns: [
      town('Navan', 53.65, -6.68, 'C15', 'An Uaimh'),
      town('Trim', 53.55, -6.79, 'C15'),
      town('Kells', 53.73, -6.88, 'A82', 'Ceanannas'),
      town('Ashbourne', 53.51, -6.4, 'A84'),
      town('Dunboyne', 53.42, -6.47, 'A86'),
      town('Dunshaughlin', 53.51, -6.54, 'A85'),
      town('Enfield', 53.41, -6.83, 'A83'),
    ],
  },
  {
    name: 'Monaghan',
    northern: false,
    towns: [
      town('Monaghan', 54.25, -6.97, 'H18', 'Muineachán'),
      town('Carrickmacross', 53.98, -6.72, 'A81'),
      town('Castleblayney', 54.12, -6.74, 'A75'),
      town('Clones', 54.18, -7.23, 'H23', 'Cluain Eois'),
      town('Ballybay', 54.13, -6.9, 'A75'),
    ],
  },
  {
    name: 'Offaly',
    northern: false,
    towns: [
      town('Tullamore', 53.27, -7.49, 'R35', 'Tulach Mhór'),
      town('Birr', 53.09, -7.91, 'R42'),
      town('Edenderry', 53.35, -7.05, 'R45'),
      town('Clara', 53.34, -7.61, 'R35'),
      town('Banagher', 53.19, -7.99, 'R42'),
    ],
  },
  {
    name: 'Roscommon',
    northern: false,
    towns: [
      town('Roscommon', 53.63, -8.19, 'F42', 'Ros Comáin'),
      town('Boyle', 53.97, -8.3, 'F52'),
      town('Castlerea', 53.77, -8.49, 'F45'),
      town('Ballaghaderreen', 53.9, -8.58, 'F45'),
      town('Strokestown', 53.78, -8.1, 'F42'),
    ],
  },
  {
    name: 'Sligo',
    northern: false,
    towns: [
      town('Sligo', 54.27, -8.47, 'F91', 'Sligeach'),
      town('Tubbercurry', 54.06, -8.73, 'F91'),
      town('Ballymote', 54.09, -8.52, 'F56'),
      town('Enniscrone', 54.21, -9.1, 'F26'),
    ],
  },
  {
    name: 'Tipperary',
    northern: false,
    towns: [
      town('Clonmel', 52.36, -7.7, 'E91', 'Cluain Meala'),
      town('Thurles', 52.68, -7.81, 'E41', 'Durlas'),
      town('Nenagh', 52.86, -8.2, 'E45', 'An tAonach'),
      town('Tipperary', 52.47, -8.16, 'E34'),
      town('Cashel', 52.52, -7.89, 'E25'),
      town('Carrick-on-Suir', 52.35, -7.41, 'E32'),
      town('Cahir', 52.37, -7.93, 'E21'),
      town('Roscrea', 52.95, -7.8, 'E53'),
      town('Templemore', 52.79, -7.83, 'E41'),
    ],
  },
  {
    name: 'Waterford',
    northern: false,
    towns: [
      town('Waterford', 52.26, -7.11, 'X91', 'Port Láirge'),
      town('Dungarvan', 52.09, -7.62, 'X35', 'Dún Garbhán'),
      town('Tramore', 52.16, -7.15, 'X91'),
      town('Lismore', 52.14, -7.93, 'P51'),
      town('Dunmore East', 52.15, -6.99, 'X91'),
    ],
  },
  {
    name: 'Westmeath',
    northern: false,
    towns: [
      town('Mullingar', 53.53, -7.34, 'N91', 'An Muileann gCearr'),
      town('Athlone', 53.42, -7.94, 'N37', 'Baile Átha Luain'),
      town('Moate', 53.4, -7.72, 'N37'),
      town('Kinnegad', 53.45, -7.1, 'N91'),
      town('Castlepollard', 53.68, -7.3, 'N91'),
    ],
  },
  {
    name: 'Wexford',
    northern: false,
    towns: [
      town('Wexford', 52.34, -6.46, 'Y35', 'Loch Garman'),
      town('Enniscorthy', 52.5, -6.56, 'Y21', 'Inis Córthaidh'),
      town('Gorey', 52.67, -6.29, 'Y25', 'Guaire'),
      town('New Ross', 52.4, -6.94, 'Y34'),
      town('Bunclody', 52.65, -6.65, 'Y21'),
    ],
  },
  {
    name: 'Wicklow',
    northern: false,
    towns: [
      town('Bray', 53.2, -6.1, 'A98', 'Bré'),
      town('Wicklow', 52.98, -6.04, 'A67', 'Cill Mhantáin'),
      town('Arklow', 52.8, -6.16, 'Y14', 'An tInbhear Mór'),
      town('Greystones', 53.14, -6.06, 'A63'),
      town('Blessington', 53.17, -6.53, 'W91'),
      town('Baltinglass', 52.94, -6.71, 'W91'),
    ],
  },
  {
    name: 'Antrim',
    northern: true,
    towns: [
      town('Belfast', 54.6, -5.93, ''),
      town('Ballymena', 54.86, -6.28, ''),
      town('Antrim', 54.72, -6.21, ''),
    ],
  },
  {
    name: 'Armagh',
    northern: true,
    towns: [
      town('Armagh', 54.35, -6.65, ''),
      town('Lurgan', 54.46, -6.33, ''),
      town('Portadown', 54.42, -6.44, ''),
    ],
  },
  {
    name: 'Derry',
    northern: true,
    towns: [
      town('Derry', 55.0, -7.32, ''),
      town('Coleraine', 55.13, -6.67, ''),
      town('Limavady', 55.05, -6.95, ''),
    ],
  },
  {
    name: 'Down',
    northern: true,
    towns: [
      town('Newry', 54.18, -6.34, ''),
      town('Downpatrick', 54.33, -5.72, ''),
      town('Bangor', 54.65, -5.67, ''),
    ],
  },
  {
    name: 'Fermanagh',
    northern: true,
    towns: [town('Enniskillen', 54.34, -7.64, ''), town('Lisnaskea', 54.25, -7.44, '')],
  },
  {
    name: 'Tyrone',
    northern: true,
    towns: [
      town('Omagh', 54.6, -7.3, ''),
      town('Dungannon', 54.5, -6.77, ''),
      town('Strabane', 54.83, -7.46, ''),
    ],
  },
];

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

const STREETS = [
  'Main Street',
  'Church Street',
  'Bridge Street',
  'Market Square',
  'The Square',
  'Mill Road',
  'Chapel Lane',
  'Castle Street',
  "O'Connell Street",
  'Patrick Street',
  'John Street',
  'Parnell Street',
  'Pearse Street',
  'Emmet Road',
  'Davitt Road',
  'Connolly Street',
  'New Road',
  'Green Road',
  'Station Road',
  'Fair Green',
  'Abbey Street',
  'Friary Road',
  'Convent Road',
  'Barrack Street',
  'Dublin Road',
  'Summerhill',
  'College Road',
  'Tower Hill',
  'Upper Main Street',
  'Lower Main Street',
  'Mary Street',
  'Shop Street',
  'Quay Street',
  'Fair Street',
  'Kennedy Park',
  'Oliver Plunkett Street',
  "St. Brigid's Road",
  "St. Mary's Terrace",
  'Ard Mhuire',
  'Bóthar na Trá',
  'Sráid an Mhuilinn',
  'Ashgrove',
  'Woodlands',
  'Hazelwood Drive',
  'Riverside',
  'Harbour Road',
  'Sea Road',
  'Cathedral Road',
  'Hospital Road',
  'Railway Road',
];

const BUILDINGS = [
  'Community Centre',
  'Enterprise Centre',
  'Resource Centre',
  'Parish Centre',
  'The Old Courthouse',
  'The Old Schoolhouse',
  'Parochial House',
  'Town Hall',
  'Community Hall',
  'Business Park',
  'Family Resource Centre',
  'Arts Centre',
  'Áras an Phobail',
  'Ionad Pobail',
  'Teach Mhuire',
  'Carnegie Building',
];

/** A registered address as one line, as the register writes it, ending with county and Eircode. */
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
