// Hand-written vocabulary of the sample register: people, saints, causes, funders and the
// sentences of legal objects. Kept here rather than taken from a fake-data library so that the
// names read as Irish and the output cannot change under a library upgrade.

export const FIRST_NAMES = [
  'Seán',
  'Máire',
  'Siobhán',
  'Pádraig',
  'Aoife',
  'Niamh',
  'Orla',
  'Caoimhe',
  'Ciarán',
  'Eoin',
  'Dónal',
  'Colm',
  'Declan',
  'Brendan',
  'Patrick',
  'Mary',
  'Margaret',
  'John',
  'Michael',
  'Catherine',
  'Bridget',
  'Anne',
  'Helen',
  'Noel',
  'Thomas',
  'Fionnuala',
  'Gráinne',
  'Éamonn',
  'Séamus',
  'Tadhg',
  'Aisling',
  'Sinéad',
  'Deirdre',
  'Róisín',
  'Ciara',
  'Emma',
  'Sarah',
  'Conor',
  'Cian',
  'Darragh',
  'Oisín',
  'Fiachra',
  'Peadar',
  'Liam',
  'Kevin',
  'Paul',
  'David',
  'Mark',
  'Brian',
  'Elizabeth',
  'Joan',
  'Nora',
  'Kathleen',
  'Eileen',
  'Ita',
  'Nuala',
  'Úna',
  'Bríd',
  'Áine',
  'Tomás',
  'Micheál',
  'Cathal',
  'Diarmuid',
  'Fergal',
  'Ronan',
  'Aidan',
  'Gerard',
  'Martin',
  'James',
  'Rachel',
  'Laura',
  'Louise',
  'Olivia',
  'Zofia',
  'Piotr',
  'Adebayo',
  'Chidi',
  'Priya',
  'Mohammed',
  'Andrius',
  'Ana',
  'Fr. Michael',
  'Sr. Bernadette',
  'Dr. Anne',
  'Cllr. Tom',
];

export const SURNAMES = [
  'Murphy',
  'Kelly',
  "O'Sullivan",
  'Walsh',
  'Smith',
  "O'Brien",
  'Byrne',
  'Ryan',
  "O'Connor",
  "O'Neill",
  "O'Reilly",
  'Doyle',
  'McCarthy',
  'Gallagher',
  "O'Doherty",
  'Kennedy',
  'Lynch',
  'Murray',
  'Quinn',
  'Moore',
  'McLoughlin',
  "O'Carroll",
  'Connolly',
  'Daly',
  "O'Connell",
  'Wilson',
  'Dunne',
  'Brennan',
  'Burke',
  'Collins',
  'Campbell',
  'Clarke',
  'Johnston',
  'Hughes',
  "O'Farrell",
  'Fitzgerald',
  'Brown',
  'Martin',
  'Maguire',
  'Nolan',
  'Flynn',
  'Thompson',
  "O'Callaghan",
  "O'Donnell",
  'Duffy',
  "O'Mahony",
  'Boyle',
  'Healy',
  "O'Shea",
  'White',
  'Sweeney',
  'Hayes',
  'Kavanagh',
  'Power',
  'McGrath',
  'Moran',
  'Brady',
  'Casey',
  'Foley',
  'Fitzpatrick',
  "O'Leary",
  'McDonnell',
  'MacMahon',
  'Donnelly',
  'Regan',
  'Ó Briain',
  'Ó Súilleabháin',
  'Mac Giolla Phádraig',
  'Ó Ceallaigh',
  'de Búrca',
  'Ní Dhomhnaill',
  'Nic Giolla Bhríde',
  'Kowalski',
  'Nowak',
  'Okafor',
];

/** Saints as they appear in names: English possessive and Irish form ("St. Patrick's", "Naomh Pádraig"). */
export const SAINTS: readonly { english: string; irish: string }[] = [
  { english: 'Patrick', irish: 'Pádraig' },
  { english: 'Brigid', irish: 'Bríd' },
  { english: 'Mary', irish: 'Mhuire' },
  { english: 'Joseph', irish: 'Iósaf' },
  { english: 'Colmcille', irish: 'Colmcille' },
  { english: 'Kevin', irish: 'Caoimhín' },
  { english: 'Brendan', irish: 'Breandán' },
  { english: 'Ciarán', irish: 'Ciarán' },
  { english: 'Finbarr', irish: 'Fionnbarra' },
  { english: 'Declan', irish: 'Déaglán' },
  { english: 'Enda', irish: 'Éanna' },
  { english: 'Fintan', irish: 'Fionntán' },
  { english: 'Mel', irish: 'Mel' },
  { english: 'Aidan', irish: 'Aodhán' },
  { english: 'Attracta', irish: 'Athracht' },
  { english: 'Ita', irish: 'Íde' },
  { english: 'Canice', irish: 'Cainneach' },
  { english: 'John', irish: 'Eoin' },
  { english: 'Michael', irish: 'Mícheál' },
  { english: 'Anne', irish: 'Áine' },
  { english: 'Columba', irish: 'Colm' },
  { english: 'Oliver', irish: 'Oilibhéar' },
  { english: 'Laurence', irish: 'Lorcán' },
];

/** Causes that national organisations are named after. */
export const CONDITIONS = [
  'Autism',
  'Epilepsy',
  'Cystic Fibrosis',
  'Motor Neurone Disease',
  'Down Syndrome',
  "Alzheimer's",
  'Spina Bifida and Hydrocephalus',
  'Arthritis',
  'Diabetes',
  'Multiple Sclerosis',
  "Parkinson's",
  'Migraine',
  'Asthma',
  "Huntington's Disease",
  'Coeliac',
  'Stroke',
  'Acquired Brain Injury',
  'Dyslexia',
  'Hearing Loss',
  'Sight Loss',
  'Rare Diseases',
  'Lupus',
  'Psoriasis',
  'Eating Disorders',
  'Bereavement',
  'Cancer',
];

export const COUNTRIES = [
  'Malawi',
  'Uganda',
  'Kenya',
  'Zambia',
  'Tanzania',
  'Sierra Leone',
  'Ethiopia',
  'Haiti',
  'India',
  'Nepal',
  'Romania',
  'Belarus',
  'Ukraine',
  'Lesotho',
  'Mozambique',
  'South Sudan',
];

export const DIOCESES = [
  'Kildare and Leighlin',
  'Cashel and Emly',
  'Killaloe',
  'Cloyne',
  'Kerry',
  'Ferns',
  'Ossory',
  'Elphin',
  'Achonry',
  'Clogher',
  'Raphoe',
  'Tuam',
  'Galway, Kilmacduagh and Kilfenora',
  'Cork and Ross',
  'Meath',
  'Ardagh and Clonmacnoise',
  'Dublin and Glendalough',
  'Limerick and Killaloe',
];

/** National organisations, "{}" standing for a cause, a country, a diocese or a family name. */
export const NATIONAL_PATTERNS: readonly {
  pattern: string;
  fill: 'condition' | 'country' | 'diocese' | 'surname';
}[] = [
  { pattern: '{} Ireland', fill: 'condition' },
  { pattern: '{} Association of Ireland CLG', fill: 'condition' },
  { pattern: 'Irish {} Society', fill: 'condition' },
  { pattern: '{} Support Network', fill: 'condition' },
  { pattern: 'The {} Foundation of Ireland', fill: 'condition' },
  { pattern: '{} Research Ireland Company Limited by Guarantee', fill: 'condition' },
  { pattern: 'Irish Friends of {}', fill: 'country' },
  { pattern: '{} Schools Project Ireland', fill: 'country' },
  { pattern: 'Aid for {} Limited', fill: 'country' },
  { pattern: '{} Mission Partners CLG', fill: 'country' },
  { pattern: '{} Diocesan Trust', fill: 'diocese' },
  { pattern: 'Diocese of {} Board of Education', fill: 'diocese' },
  { pattern: '{} Family Foundation', fill: 'surname' },
  { pattern: 'The {} Family Trust', fill: 'surname' },
  { pattern: '{} Memorial Fund', fill: 'surname' },
  { pattern: 'Friends of the {} Centre', fill: 'surname' },
];

/** Names held by many organisations at once, as in the real register. */
export const SHARED_NAMES = [
  'Scoil Mhuire',
  'Scoil Naomh Pádraig',
  "St. Joseph's National School",
  'Community Games',
  'Meals on Wheels',
  'Parish Pastoral Council',
  'Tidy Towns Committee',
  'Senior Citizens Club',
  'Active Retirement Association',
  "Men's Shed",
];

/** Legal-form endings as the register spells them, with the legal form they imply. */
export const LEGAL_ENDINGS: readonly (readonly [string, string, number])[] = [
  ['', '', 40],
  [' CLG', 'Company Limited by Guarantee', 18],
  [' Company Limited by Guarantee', 'Company Limited by Guarantee', 10],
  [' Limited', 'Company Limited by Guarantee', 12],
  [' Ltd', 'Company Limited by Guarantee', 5],
  [' Ltd.', 'Company Limited by Guarantee', 4],
  [' DAC', 'Designated Activity Company', 2],
  [' Teoranta', 'Company Limited by Guarantee', 1],
  [' Cuideachta Faoi Theorainn Ráthaíochta', 'Company Limited by Guarantee', 1],
];

/** Legal forms of organisations whose names carry no company ending. */
export const UNINCORPORATED_FORMS: readonly (readonly [string, number])[] = [
  ['Unincorporated Association', 45],
  ['Trust', 25],
  ['Charitable Trust', 8],
  ['Statutory Body', 3],
  ['Industrial and Provident Society', 3],
  ['Friendly Society', 1],
  ['Other', 2],
];

export interface FunderName {
  name: string;
  fundingType: string;
}

const funder = (name: string, fundingType: string): FunderName => ({ name, fundingType });

export const CENTRAL_FUNDERS: readonly FunderName[] = [
  funder('Department of Education', 'Central Government'),
  funder('Department of Health', 'Central Government'),
  funder('Department of Rural and Community Development', 'Central Government'),
  funder('Department of Housing, Local Government and Heritage', 'Central Government'),
  funder('Department of Children, Equality, Disability, Integration and Youth', 'Central Government'),
  funder('Department of Social Protection', 'Central Government'),
  funder('Department of Foreign Affairs (Irish Aid)', 'Central Government'),
  funder('Department of Tourism, Culture, Arts, Gaeltacht, Sport and Media', 'Central Government'),
];

export const AGENCY_FUNDERS: readonly FunderName[] = [
  funder('Health Service Executive', 'State Agency'),
  funder('HSE', 'State Agency'),
  funder('Tusla - Child and Family Agency', 'State Agency'),
  funder('Pobal', 'State Agency'),
  funder('The Arts Council', 'State Agency'),
  funder('Sport Ireland', 'State Agency'),
  funder('SOLAS', 'State Agency'),
  funder('Údarás na Gaeltachta', 'State Agency'),
  funder('Foras na Gaeilge', 'State Agency'),
  funder('The Housing Agency', 'State Agency'),
  funder('The Heritage Council', 'State Agency'),
  funder('Fáilte Ireland', 'State Agency'),
];

export const OTHER_FUNDERS: readonly FunderName[] = [
  funder('European Social Fund', 'European Union'),
  funder('LEADER Programme', 'European Union'),
  funder('PEACE IV Programme', 'European Union'),
  funder('Erasmus+', 'European Union'),
  funder('The Community Foundation for Ireland', 'Philanthropy'),
  funder('Rethink Ireland', 'Philanthropy'),
  funder('The Ireland Funds', 'Philanthropy'),
  funder('Dormant Accounts Fund', 'Dormant Accounts'),
  funder('National Lottery', 'National Lottery'),
];

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
export const OBJECT_OPENINGS: Readonly<Record<string, readonly string[]>> = {
  '3.2': [
    'To advance education by the provision and management of a primary school in {place} under the patronage of its patron body.',
    'The Board of Management shall manage the school on behalf of the Patron for the benefit of the pupils and their parents.',
  ],
  '3.3': [
    'To advance education by the provision and management of a post-primary school in {place} in accordance with the Education Act, 1998.',
  ],
  '6.5': [
    'To provide social housing and associated amenities for persons in need of housing, including older people and persons with disabilities.',
    'To relieve the housing needs of persons in {place} who are unable to provide accommodation from their own resources.',
    'To provide, manage and maintain housing for elderly persons of limited means in {place} and the surrounding area.',
  ],
  '1': [
    'To advance the arts and promote public appreciation of music, drama and the visual arts in {place} and the surrounding area.',
    'To promote, foster and preserve the Irish language, traditional music, song and dance.',
    'The main object for which the Company is established is to advance education in the history and heritage of {place}.',
  ],
  '2': [
    'To promote and foster amateur sport, physical recreation and healthy living in {place} for the benefit of the community.',
    'To provide facilities for recreation and leisure-time occupation in the interest of social welfare.',
  ],
  '3': [
    'To advance education by the provision and management of a school in {place} under the patronage of its patron body.',
    'The advancement of education through the provision of early childhood care and education services to the children of {place}.',
    'To advance education, training and lifelong learning for adults experiencing educational disadvantage.',
  ],
  '4': [
    'To relieve sickness and promote health by the provision of care, treatment and support to persons living with illness and their families.',
    'To provide palliative and hospice care to persons with life-limiting conditions in {place} and the surrounding area.',
    'To promote positive mental health and to reduce the incidence of suicide and self-harm.',
  ],
  '5': [
    'To relieve poverty and social exclusion among individuals and families in {place} by the provision of support services.',
    'To provide services for older people, including meals, day care, befriending and transport.',
    'To promote the welfare of young people through their voluntary participation in youth work programmes.',
    'To provide emergency accommodation and support to persons who are homeless or at risk of homelessness.',
    'To support persons with disabilities and their families to live full and independent lives in their communities.',
  ],
  '6': [
    'To promote the integrated social and economic development of {place} for the benefit of the whole community.',
    'To relieve unemployment by the provision of training, work experience and enterprise supports.',
  ],
  '7': [
    'To prevent cruelty to animals and to relieve the suffering of animals in need of care and attention.',
    'To protect, conserve and enhance the natural environment and amenities of {place}.',
  ],
  '8': [
    'To promote human rights and equality and to advocate for the rights of persons experiencing discrimination.',
    'To provide free legal information, advice and representation to persons who cannot afford it.',
  ],
  '9': [
    'To receive gifts and to apply the income and capital of the Trust for such charitable purposes as the Trustees think fit.',
    'To promote volunteering and to support voluntary and community organisations in {place}.',
  ],
  '10': [
    'To relieve poverty and advance education and health in developing countries, in partnership with local communities.',
    'To provide humanitarian relief to victims of natural disaster and conflict overseas.',
  ],
  '11': [
    'To advance the Christian religion and to maintain the church buildings of the parish of {place}.',
    'The advancement of religion in accordance with the doctrines and discipline of the Church.',
  ],
  '12': [
    'To promote and protect the interests of its members and to maintain high standards of professional practice.',
    'To represent the sector and to promote education and training for those working in it.',
  ],
};

/** Further sentences that any legal objects may continue with. */
export const OBJECT_CONTINUATIONS = [
  'In furtherance of the main object the Company shall have the following powers: to purchase, take on lease or otherwise acquire any lands or buildings and to erect and maintain any buildings necessary for its purposes.',
  'To co-operate with statutory bodies, voluntary organisations and other bodies having objects similar to those of the Company.',
  'To raise funds and to invite and receive contributions from any person or persons whatsoever by way of subscription, donation or otherwise.',
  'To employ such staff as may be necessary for the attainment of the main object and to pay reasonable remuneration for services rendered.',
  'The income and property of the Company shall be applied solely towards the promotion of its main object as set forth in this Constitution.',
  'To do all such other things as are incidental or conducive to the attainment of the above objects or any of them.',
  'To invest the moneys of the Company not immediately required for its purposes in such investments as may from time to time be determined.',
];
