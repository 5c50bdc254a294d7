// The Atom feed of one voluntary code's changes (src/editions/feed.ts): feed/code/<slug>.xml.
import { groupFeed, atomResponse } from '../../../editions/feed.ts';
import { codesOf, feedSettings, groupEntries } from '../../../editions/group-feeds.ts';
import { voluntaryCodePath } from '../../../lib/routes.ts';
import { codeTitle } from '../../../records/voluntary-codes.ts';
import { siteEditions, siteRegister } from '../../../site/context.ts';

export function getStaticPaths() {
  if (siteEditions().editions.length === 0) return [];
  return siteRegister().voluntaryCodes.map((code) => ({
    params: { slug: code.slug },
    props: { id: code.id },
  }));
}

export function GET({ props }: { props: { id: string } }): Response {
  const view = siteEditions();
  const register = siteRegister();
  const code = register.voluntaryCodes.find((candidate) => candidate.id === props.id)!;
  return atomResponse(
    groupFeed({
      group: { kind: 'code', slug: code.slug, title: codeTitle(code), page: voluntaryCodePath(code.slug) },
      entries: groupEntries(view, 'code', () => codesOf(register)).get(props.id) ?? [],
      ...feedSettings(view, register),
    }),
  );
}
