// A funder's entries as CSV beside its page (`funder/<slug>.csv`), for a spreadsheet.
import { csvRow } from '../../lib/csv.ts';
import { FUNDING_CSV_HEADER, fundingCsvRows } from '../../money/funders.ts';
import { siteRegister } from '../../site/context.ts';
import { registerMoney } from '../../money/register-money.ts';

export function getStaticPaths() {
  return registerMoney(siteRegister()).funders.map((funder) => ({
    params: { slug: funder.slug },
    props: { key: funder.key },
  }));
}

export function GET({ props }: { props: { key: string } }): Response {
  const funder = registerMoney(siteRegister()).funderByKey.get(props.key)!;
  const rows = fundingCsvRows(funder);
  const text = [FUNDING_CSV_HEADER, ...rows].map(csvRow).join('');
  return new Response(text, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
}
