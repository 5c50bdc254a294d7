// The Atom feed of one county's changes (src/editions/feed.ts): feed/county/<slug>.xml.
import { groupFeed, atomResponse } from '../../../editions/feed.ts';
import { countyOf, feedSettings, groupEntries } from '../../../editions/group-feeds.ts';
import { browsePath } from '../../../lib/routes.ts';
import { siteEditions, siteRegister } from '../../../site/context.ts';

export function getStaticPaths() {
  if (siteEditions().editions.length === 0) return [];
  return siteRegister().counties.map((group) => ({
    params: { slug: group.slug },
    props: { key: group.key },
  }));
}

export function GET({ props }: { props: { key: string } }): Response {
  const view = siteEditions();
  const register = siteRegister();
  const group = register.counties.find((county) => county.key === props.key)!;
  const title = group.key === '' ? group.label : `County ${group.label}`;
  return atomResponse(
    groupFeed({
      group: { kind: 'county', slug: group.slug, title, page: browsePath('county', group.slug) },
      entries: groupEntries(view, 'county', () => countyOf(view, register)).get(props.key) ?? [],
      ...feedSettings(view, register),
    }),
  );
}
