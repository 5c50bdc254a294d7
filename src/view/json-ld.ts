// schema.org description of an organisation for search engines and data tools. Only values the
// record gives; nothing is inferred beyond the country, which the register is about.
import { isoDate } from '../lib/dates.ts';
import { amountOf } from '../lib/money.ts';
import type { OrganisationView } from '../records/organisation.ts';

export function organisationJsonLd(organisation: OrganisationView): Record<string, unknown> {
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    identifier: organisation.id,
    name: organisation.name,
  };
  if (organisation.altNames.length > 0) ld['alternateName'] = organisation.altNames;
  if (organisation.orgHref) ld['url'] = organisation.orgHref;
  if (organisation.legalObjectsExtract) ld['description'] = organisation.legalObjectsExtract;
  const founded = isoDate(organisation.incorporatedDate);
  if (founded) ld['foundingDate'] = founded;
  const employees = amountOf(organisation.numEmployees);
  if (employees !== undefined) ld['numberOfEmployees'] = { '@type': 'QuantitativeValue', value: employees };
  if (organisation.registeredAddress || organisation.county) {
    ld['address'] = {
      '@type': 'PostalAddress',
      ...(organisation.registeredAddress && { streetAddress: organisation.registeredAddress }),
      ...(organisation.county && { addressRegion: organisation.county }),
      addressCountry: 'IE',
    };
  }
  const point = organisation.location.point;
  if (point) ld['geo'] = { '@type': 'GeoCoordinates', latitude: point.latitude, longitude: point.longitude };
  const registrations = organisation.regulators
    .filter((regulator) => regulator.number)
    .map((regulator) => ({
      '@type': 'PropertyValue',
      propertyID: regulator.abbreviation ?? regulator.name ?? 'regulator',
      value: regulator.number,
    }));
  if (registrations.length > 0) ld['identifier'] = [organisation.id, ...registrations];
  return ld;
}
