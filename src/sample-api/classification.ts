// The 12-sector adaptation of the International Classification of Nonprofit Organizations (ICNPO)
// that the real service used: sector codes "1".."12", sub-sector codes "<sector>.<n>" (5.7 is
// homeless and emergency relief), as its records carried them.
import { pickWeighted, type Random } from './prng.ts';

export interface SubSector {
  code: string;
  name: string;
  sectorCode: string;
  sectorName: string;
}

const SECTORS: readonly { code: string; name: string; subSectors: readonly string[]; weight: number }[] = [
  {
    code: '1',
    name: 'Arts, Culture, Media',
    subSectors: [
      'Arts',
      'Museums, heritage and history',
      'Media and communications',
      'Irish language and culture',
    ],
    weight: 7,
  },
  {
    code: '2',
    name: 'Recreation, Sports',
    subSectors: ['Recreation and social clubs', 'Service clubs', 'Sports organisations'],
    weight: 9,
  },
  {
    code: '3',
    name: 'Education, Research',
    subSectors: [
      'Early childhood education',
      'Primary education',
      'Second-level education',
      'Higher education',
      'Adult and continuing education',
      'Research',
    ],
    weight: 22,
  },
  {
    code: '4',
    name: 'Health',
    subSectors: [
      'Hospitals and hospices',
      'Mental health and crisis intervention',
      'Nursing homes',
      'Other health services',
    ],
    weight: 7,
  },
  {
    code: '5',
    name: 'Social Services',
    subSectors: [
      'Child welfare and child services',
      'Family services',
      'Youth services',
      'Services for older people',
      'Disability services',
      'Income support and maintenance',
      'Homeless and emergency relief',
      'Refugees and asylum seekers',
    ],
    weight: 18,
  },
  {
    code: '6',
    name: 'Development, Housing',
    subSectors: [
      'Local development',
      'Community development',
      'Economic development',
      'Employment and training',
      'Social housing',
    ],
    weight: 14,
  },
  {
    code: '7',
    name: 'Environment',
    subSectors: ['Animal welfare', 'Environment and conservation'],
    weight: 3,
  },
  {
    code: '8',
    name: 'Advocacy, Law, Politics',
    subSectors: ['Civic associations', 'Advocacy', 'Law and legal services', 'Political organisations'],
    weight: 3,
  },
  {
    code: '9',
    name: 'Philanthropy, Voluntarism',
    subSectors: ['Philanthropy', 'Voluntarism promotion', 'Fundraising intermediaries'],
    weight: 3,
  },
  {
    code: '10',
    name: 'International',
    subSectors: [
      'International development',
      'International relief',
      'International exchange and solidarity',
    ],
    weight: 3,
  },
  {
    code: '11',
    name: 'Religion',
    subSectors: ['Religious congregations', 'Religious associations', 'Diocesan, parishes'],
    weight: 8,
  },
  {
    code: '12',
    name: 'Professional, Vocational',
    subSectors: ['Business associations', 'Trade unions', 'Professional or sector representative bodies'],
    weight: 3,
  },
];

const SUB_SECTORS: readonly SubSector[] = SECTORS.flatMap((sector) =>
  sector.subSectors.map((name, index) => ({
    code: `${sector.code}.${index + 1}`,
    name,
    sectorCode: sector.code,
    sectorName: sector.name,
  })),
);

const BY_CODE = new Map(SUB_SECTORS.map((subSector) => [subSector.code, subSector]));

export function subSector(code: string): SubSector {
  const found = BY_CODE.get(code);
  if (found === undefined) throw new Error(`unknown sub-sector ${code}`);
  return found;
}

/** Sub-sector suggested by words of a name; first match wins, so the more specific come first. */
const NAME_RULES: readonly (readonly [RegExp, string])[] = [
  [/housing|\btithe\b|voluntary homes/i, '6.5'],
  [/playgroup|playschool|pre-?school|cr[eè]che|childcare|montessori|na[ií]onra|early years/i, '3.1'],
  [/\bn\.? ?s\b|national school|\bscoil\b|gaelscoil|^s\.? ?n\.? |primary|infant|\bjns\b|\bsns\b/i, '3.2'],
  [/secondary|community school|coláiste|colaiste|vocational|comprehensive|high school/i, '3.3'],
  [/universit|institute of technology|college/i, '3.4'],
  [/research/i, '3.6'],
  [/adult|literacy|learning|education centre/i, '3.5'],
  [/hospice|hospital/i, '4.1'],
  [/mental health|samaritans|suicide|counselling|addiction|drugs|bereavement|eating disorders/i, '4.2'],
  [/nursing home/i, '4.3'],
  [
    /homeless|simon|shelter|refuge|food bank|rescue association|search and rescue|lifeboat|first responders/i,
    '5.7',
  ],
  [
    /autism|disabilit|special needs|down syndrome|intellectual|\bdeaf|blind|sight loss|hearing loss|brain injury|spina bifida/i,
    '5.5',
  ],
  [/family resource|family centre|family support|family service/i, '5.2'],
  [/youth|foróige|scouts?\b|guides/i, '5.3'],
  [
    /active retirement|senior citizens|older|day care|meals on wheels|day centre|care centre|befriending|respite/i,
    '5.4',
  ],
  [/refugee|asylum|integration|resettlement/i, '5.8'],
  [
    /cancer|epilep|arthritis|diabetes|sclerosis|parkinson|alzheimer|cystic|heart|stroke|migraine|asthma|coeliac|lupus|psoriasis|huntington|motor neurone|rare diseases|health/i,
    '4.4',
  ],
  [
    /lúthchleas|\bgaa\b|football|hurling|camogie|rugby|soccer|athletic|boxing|swimming|rowing|sailing|golf|tennis|cycling|sports?\b|handball|community games/i,
    '2.3',
  ],
  [/lions|rotary|soroptimist|macra/i, '2.2'],
  [/comhaltas|gaeilge|glór|conradh|ceili/i, '1.4'],
  [/historical|history|heritage|museum|archive|library/i, '1.2'],
  [
    /\barts?\b|theatre|drama|musical|music|choir|choral|band\b|orchestra|film|festival|ballet|dance|pipe|players/i,
    '1.1',
  ],
  [/animal|cruelty|equine|wildlife|sanctuary|\bdogs?\b|\bcats?\b|horse/i, '7.1'],
  [/tidy towns|environment|woodland|\bbogs?\b|river|angling|allotments|trail|walking/i, '7.2'],
  [/rights|advocacy|citizens|traveller|pride|lgbt|women's|womens/i, '8.2'],
  [/\blaw\b|legal|justice/i, '8.3'],
  [
    /ireland$|irish friends|schools project|mission partners|aid for|malawi|uganda|kenya|zambia|haiti|chernobyl/i,
    '10.1',
  ],
  [/parish|diocese|diocesan|pastoral/i, '11.3'],
  [/sisters|brothers|congregation|convent|abbey|monastery|friary/i, '11.1'],
  [
    /church|presbyterian|methodist|baptist|pentecostal|mosque|islamic|fellowship|gospel|ministries|christian/i,
    '11.2',
  ],
  [/chamber|federation|guild|union\b|institute of/i, '12.3'],
  [/volunteer/i, '9.2'],
  [/foundation|memorial fund|family trust|\bfund\b/i, '9.1'],
  [/community development|development association|development company|development group/i, '6.2'],
  [/enterprise|employment|training|partnership|job/i, '6.4'],
  [
    /community (centre|council|association|hall|group|care|council)|resource centre|amenity|residents|hall\b|\barea\b|district/i,
    '6.1',
  ],
  [/community|social services/i, '6.1'],
];

/** The sub-sector a name suggests, or undefined when the name says nothing about it. */
export function classifyName(name: string): SubSector | undefined {
  for (const [pattern, code] of NAME_RULES) if (pattern.test(name)) return subSector(code);
  return undefined;
}

/**
 * A sub-sector drawn in proportion to the size of its sector in the register. Social housing is
 * left to the approved housing bodies, whose names say so.
 */
export function randomSubSector(random: Random): SubSector {
  const sector = pickWeighted(
    random,
    SECTORS.map((candidate) => [candidate, candidate.weight] as const),
  );
  const count = sector.code === '6' ? sector.subSectors.length - 1 : sector.subSectors.length;
  return subSector(`${sector.code}.${Math.floor(random() * count) + 1}`);
}
