// The Atom feed of editions (src/editions/feed.ts), written as feed.xml at the site's root.
import { siteEditions, siteRegister } from '../site/context.ts';
import { atomFeed, atomResponse } from '../editions/feed.ts';
import { feedSettings } from '../editions/group-feeds.ts';

export function GET(): Response {
  const view = siteEditions();
  const { hasPage, siteUrl, snapshot } = feedSettings(view, siteRegister());
  return atomResponse(
    atomFeed({ editions: view.editions, hasPage, snapshot, ...(siteUrl === undefined ? {} : { siteUrl }) }),
  );
}
