// The site's stylesheet as one file (STYLESHEET in src/lib/routes.ts): inlined, its 3.4 kB were
// paid again by every page, about 120 MB at 35,000 organisations.
import css from '../styles/site.css?raw';

export function GET(): Response {
  return new Response(css, { headers: { 'Content-Type': 'text/css; charset=utf-8' } });
}
