// The Atom feed of editions (src/editions/feed.ts), written as feed.xml at the site's root.
import { siteEditions } from '../site/context.ts';
import { atomFeed } from '../editions/feed.ts';

export function GET(): Response {
  const view = siteEditions();
  return new Response(
    atomFeed({ editions: view.editions, ...(view.siteUrl === undefined ? {} : { siteUrl: view.siteUrl }) }),
    { headers: { 'Content-Type': 'application/atom+xml; charset=utf-8' } },
  );
}
