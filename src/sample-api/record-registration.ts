// Where a sample record is registered: its regulators (with the numbers and the placeholders the
// register holds, "Not Applicable" among them), the labels that say so, and its sources.
import type { SubSector } from './classification.ts';
import type { OrganisationCore } from './organisation-core.ts';
import { chance, integer, pick, pickWeighted, type Random } from './prng.ts';
import { pad, sourceDate } from './record-dates.ts';

const REGULATOR = {
  CRA: ['Charities Regulatory Authority', 'CRA', 'https://www.charitiesregulator.ie'],
  CRO: ['Companies Registration Office', 'CRO', 'https://www.cro.ie'],
  Revenue: ['Revenue Commissioners', 'Revenue', 'https://www.revenue.ie'],
  AHBRA: ['Approved Housing Bodies Regulatory Authority', 'AHBRA', 'https://www.ahbregulator.ie'],
  DE: ['Department of Education', 'DE', 'https://www.gov.ie/en/organisation/department-of-education/'],
} as const;

/** A Regulator in the spec's field order. */
function regulator(
  [regulatorName, regulatorDesc, regulatorUrl]: readonly [string, string, string],
  regulatorNumber: string,
) {
  return { regulatorName, regulatorDesc, regulatorNumber, regulatorUrl };
}

const MARKERS: readonly (readonly [string, number])[] = [
  ['Not Applicable', 8],
  ['N/A', 2],
  ['Pending', 1],
];

function isSchool(subSector: SubSector): boolean {
  return subSector.code === '3.2' || subSector.code === '3.3';
}

export function isCompany(core: OrganisationCore): boolean {
  return (
    core.governingForm === 'Company Limited by Guarantee' ||
    core.governingForm === 'Designated Activity Company'
  );
}

export function regulators(random: Random, core: OrganisationCore) {
  const result: ReturnType<typeof regulator>[] = [];
  const labels: string[] = [];
  const marker = () => pickWeighted(random, MARKERS);
  if (core.registeredCharity) {
    // CRA numbers rise with registration: 20000028 is among the oldest.
    result.push(regulator(REGULATOR.CRA, String(20_000_028 + core.index * 3 + integer(random, 0, 2))));
    labels.push('Registered Charity (CRA)');
  }
  if (isCompany(core)) {
    result.push(regulator(REGULATOR.CRO, String(integer(random, 8_000, 720_000))));
    labels.push('Company (CRO)');
  } else if (core.registeredCharity && chance(random, 0.15)) {
    result.push(regulator(REGULATOR.CRO, marker()));
  }
  if (core.taxEfficientGifts || (core.registeredCharity && chance(random, 0.5))) {
    const number = integer(random, 1_000, 23_999);
    const style = random();
    result.push(
      regulator(
        REGULATOR.Revenue,
        style < 0.06
          ? marker()
          : style < 0.16
            ? String(number)
            : style < 0.26
              ? `CHY ${number}`
              : `CHY${number}`,
      ),
    );
    labels.push('Charitable Tax Exemption (CHY)');
  }
  if (core.taxEfficientGifts) labels.push('Eligible for Tax Relief on Donations (Revenue)');
  if (core.housingBody) {
    result.push(
      regulator(REGULATOR.AHBRA, chance(random, 0.05) ? marker() : `P${pad(integer(random, 1, 999), 4)}`),
    );
    labels.push('Approved Housing Body (AHBRA)');
  }
  if (isSchool(core.subSector)) {
    const roll = `${integer(random, 10_000, 20_999)}${pick(random, [...'ABCDEFGHIJKLMNOPQRSTUVW'])}`;
    result.push(regulator(REGULATOR.DE, roll));
    labels.push('Recognised School (DE)');
  }
  return { regulators: result, regulatory: labels };
}

export function sources(random: Random, core: OrganisationCore, website: string, year: number) {
  const list: Record<string, string>[] = [];
  const add = (source: string, url: string, license?: string) => {
    const date = sourceDate(random, integer(random, year, 2021));
    list.push(license === undefined ? { source, url, date } : { source, url, license, date });
  };
  if (core.registeredCharity)
    add(
      'Charities Regulator',
      'https://www.charitiesregulator.ie/en/information-for-the-public/search-the-register-of-charities',
      'CC BY 4.0',
    );
  if (isCompany(core)) add('Companies Registration Office', 'https://core.cro.ie');
  if (core.taxEfficientGifts)
    add(
      'Revenue Commissioners',
      'https://www.revenue.ie/en/corporate/information-about-revenue/statistics/other-datasets/charities/index.aspx',
      'PSI General Licence',
    );
  if (core.housingBody)
    add('Approved Housing Bodies Regulatory Authority', 'https://www.ahbregulator.ie/register/');
  if (isSchool(core.subSector))
    add(
      'Department of Education',
      'https://www.gov.ie/en/collection/63363b-data-on-individual-schools/',
      'CC BY 4.0',
    );
  if (website !== '' && chance(random, 0.4)) add('Annual report', website);
  if (list.length === 0) add('Organisation', website === '' ? 'https://orgdir.example/' : website);
  return list;
}
