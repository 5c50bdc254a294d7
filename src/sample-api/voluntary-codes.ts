// Voluntary codes of the sample register. The first three are the ids the real service answered
// in 2018; the others are Irish codes of the same kind.

export interface VoluntaryCodeDefinition {
  /** The id used in `VoluntaryCodeMembers/{id}`. */
  id: string;
  description: string;
  url: string;
  /**
   * Share of registered charities that adhere to it. GOVERNANCECODE and ICTR are set so that a
   * register of 30,000 organisations has about 271 and 380 members, the 2018 figures; SORP had none.
   */
  shareOfCharities: number;
  /** Only organisations of this sector adhere to it (the Dóchas code is for development NGOs). */
  sectorCode?: string;
}

export const VOLUNTARY_CODES: readonly VoluntaryCodeDefinition[] = [
  {
    id: 'GOVERNANCECODE',
    description: 'The Governance Code for Community, Voluntary and Charitable Organisations in Ireland',
    url: 'https://www.governancecode.ie',
    shareOfCharities: 271 / 11_500,
  },
  {
    id: 'ICTR',
    description: 'Statement of Guiding Principles for Fundraising',
    url: 'https://www.charitiesinstituteireland.ie/guiding-principles-for-fundraising',
    shareOfCharities: 380 / 11_500,
  },
  {
    id: 'SORP',
    description: 'Charities SORP (FRS 102)',
    url: 'https://www.charitysorp.org',
    shareOfCharities: 0,
  },
  {
    id: 'CHARITIESGOVERNANCECODE',
    description: 'Charities Governance Code (Charities Regulator, 2018)',
    url: 'https://www.charitiesregulator.ie/en/information-for-charities/charities-governance-code',
    shareOfCharities: 0.08,
  },
  {
    id: 'DOCHAS',
    description: 'Dóchas Code of Conduct on Images and Messages',
    url: 'https://www.dochas.ie/resources/code-of-conduct-on-images-and-messages',
    shareOfCharities: 0.3,
    sectorCode: '10',
  },
  {
    id: 'TRIPLELOCK',
    description: 'Triple Lock Standard (Charities Institute Ireland)',
    url: 'https://www.charitiesinstituteireland.ie/triple-lock',
    shareOfCharities: 0.025,
  },
];
