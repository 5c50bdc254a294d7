// The Atom feed of the organisations one funder funds (src/editions/feed.ts): feed/funder/<slug>.xml.
// An organisation no longer listed counts under the funders of its last record.
import { groupFeed, atomResponse } from '../../../editions/feed.ts';
import { feedSettings, formerRecords, groupEntries, type GroupsOf } from '../../../editions/group-feeds.ts';
import { funderPath } from '../../../lib/routes.ts';
import { funderKey } from '../../../money/funders.ts';
import { registerMoney } from '../../../money/register-money.ts';
import type { Register } from '../../../records/register.ts';
import type { EditionsView } from '../../../editions/history.ts';
import { siteEditions, siteRegister } from '../../../site/context.ts';

export function getStaticPaths() {
  if (siteEditions().editions.length === 0) return [];
  return registerMoney(siteRegister()).funders.map((funder) => ({
    params: { slug: funder.slug },
    props: { key: funder.key },
  }));
}

function fundersOf(view: EditionsView, register: Register): GroupsOf {
  const funders = new Map<string, string[]>();
  for (const funder of registerMoney(register).funders) {
    for (const row of funder.rows)
      funders.set(row.id.toLowerCase(), [...(funders.get(row.id.toLowerCase()) ?? []), funder.key]);
  }
  for (const [id, record] of formerRecords(view, register)) {
    const given = Array.isArray(record['funders']) ? (record['funders'] as unknown[]) : [];
    const sources = given.map((funder) => (funder as { fundSource?: unknown } | null)?.fundSource);
    funders.set(
      id,
      sources.map((source) => funderKey(typeof source === 'string' ? source : undefined)),
    );
  }
  return (id) => funders.get(id.toLowerCase()) ?? [];
}

export function GET({ props }: { props: { key: string } }): Response {
  const view = siteEditions();
  const register = siteRegister();
  const funder = registerMoney(register).funderByKey.get(props.key)!;
  const title = funder.named ? funder.label : 'Funder not given';
  return atomResponse(
    groupFeed({
      group: { kind: 'funder', slug: funder.slug, title, page: funderPath(funder.slug) },
      entries: groupEntries(view, 'funder', () => fundersOf(view, register)).get(props.key) ?? [],
      ...feedSettings(view, register),
    }),
  );
}
