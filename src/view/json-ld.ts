// schema.org description of an organisation for search engines and data tools. Only values the
// record gives; nothing is inferred beyond the country, which the register is about. The legal
// objects are left out: they are the page's own text, which a search engine reads anyway, and
// at 35,000 organisations a second copy of them cost 10.6 MB of the site's 500 MB. Nor are the
// coordinates: schema.org gives an Organization no `geo` (only a Place has one), and the page's map
// and the record already carry them.
import { isoDate } from '../lib/dates.ts';
import { orgIdentifiers } from '../lib/identifiers.ts';
import { safeHttpUrl } from '../lib/urls.ts';
import { displayName, type Organisation } from '../records/organisation.ts';

export function organisationJsonLd(organisation: Organisation): Record<string, unknown> {
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    identifier: organisation.id,
    name: displayName(organisation),
  };
  const altNames = organisation.altNames.filter((name) => name !== organisation.name);
  if (altNames.length > 0) ld['alternateName'] = altNames;
  const href = safeHttpUrl(organisation.orgUrl);
  if (href) ld['url'] = href;
  const founded = isoDate(organisation.incorporatedDate);
  if (founded) ld['foundingDate'] = founded;
  const employees = organisation.numEmployees;
  if (employees !== undefined) ld['numberOfEmployees'] = { '@type': 'QuantitativeValue', value: employees };
  if (organisation.registeredAddress || organisation.county) {
    ld['address'] = {
      '@type': 'PostalAddress',
      ...(organisation.registeredAddress && { streetAddress: organisation.registeredAddress }),
      ...(organisation.county && { addressRegion: organisation.county }),
      addressCountry: 'IE',
    };
  }
  const registrations = organisation.regulators
    .filter((regulator) => regulator.regulatorNumber)
    .map((regulator) => ({
      '@type': 'PropertyValue',
      // regulatorDesc is the regulator's abbreviation (src/schemas/regulator.ts).
      propertyID: regulator.regulatorDesc ?? regulator.regulatorName ?? 'regulator',
      value: regulator.regulatorNumber,
    }));
  // org-id.guide identifiers (IE-CHY-…, IE-CRO-…) as plain text: what other datasets join on.
  const identifiers = orgIdentifiers(organisation.regulators).map((identifier) => identifier.identifier);
  if (registrations.length > 0 || identifiers.length > 0) {
    ld['identifier'] = [organisation.id, ...identifiers, ...registrations];
  }
  return ld;
}
