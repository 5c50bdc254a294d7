// The last known record of each organisation without a record in the data folder, in record/
// (RECORDS_DIR in src/lib/routes.ts; its page links to it). Written whether or not the build
// copies the current records there: the downloads hold only the current ones.
import { formerOrganisations } from '../../editions/former.ts';
import { organisationFileStem } from '../../lib/routes.ts';
import { siteEditions, siteRegister } from '../../site/context.ts';

export function getStaticPaths() {
  return formerOrganisations(siteEditions(), siteRegister()).map((entry) => ({
    params: { former: organisationFileStem(entry.id) },
    props: { record: entry.record },
  }));
}

export function GET({ props }: { props: { record: Record<string, unknown> } }): Response {
  return new Response(`${JSON.stringify(props.record, null, 2)}\n`, {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
}
