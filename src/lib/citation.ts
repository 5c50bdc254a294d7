// "Cite this page": one organisation page as one edition had it, cited in plain text (rendered in
// the page), as CSL-JSON (the format of Zotero and pandoc's citeproc) and as BibTeX. The machine
// formats are made in the browser from what the page shows (src/view/browser/permalink.ts): at
// 35,000 pages every byte of a page is paid 35,000 times (docs/site.md: "Permalinks and citations").
import { formatDate } from './dates.ts';

/** What a citation names. */
export interface Citation {
  /** The organisation's name, as its page's heading gives it. */
  title: string;
  /** The permalink: absolute when the site's address is known, else relative to the site. */
  url: string;
  /** The edition cited (`2026-11-28`, `2026-11-28-2`); none on a site that keeps no editions. */
  edition?: string;
  /** The edition's date (or, without one, the crawl's), `YYYY-MM-DD`. */
  date: string;
  /** The page's file name without `.html`: the citation key's middle. */
  stem: string;
}

/** The site's name, as citations give it. */
const SITE_NAME = 'orgdir';

/** The fragment of an edition's permalink, without `#`. */
export function editionFragment(edition: string): string {
  return `edition-${edition}`;
}

/** The edition a location's fragment names (`#edition-2026-11-28`), if it names one. */
export function editionOfFragment(hash: string): string | undefined {
  const match = /^#?edition-(.+)$/.exec(hash);
  if (match === null) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return match[1]!;
  }
}

/** "orgdir, edition of 28 November 2026": where the page was, and when. */
function source(citation: Citation): string {
  const date = formatDate(citation.date) ?? citation.date;
  return `${SITE_NAME}, ${citation.edition === undefined ? 'data of' : 'edition of'} ${date}`;
}

/** The plain-text citation in its parts: the page renders the title and the address as elements. */
export function citationParts(citation: Citation): { title: string; middle: string; url: string } {
  const stop = /[.!?]$/.test(citation.title) ? ' ' : '. ';
  return {
    title: citation.title,
    middle: `${stop}${source(citation)}. `,
    url: citation.url,
  };
}

/** `Name. orgdir, edition of 28 November 2026. https://…/org/….html#edition-2026-11-28` */
export function plainCitation(citation: Citation): string {
  const { title, middle, url } = citationParts(citation);
  return `${title}${middle}${url}`;
}

function citationKey(citation: Citation): string {
  return `${SITE_NAME}-${citation.stem}-${citation.edition ?? citation.date}`.replace(/[^A-Za-z0-9_-]/g, '_');
}

/** The citation as CSL-JSON: an array of one item, as citation managers import it. */
export function cslJson(citation: Citation): string {
  const [year, month, day] = citation.date.split('-').map(Number);
  const item = {
    id: citationKey(citation),
    type: 'webpage',
    title: citation.title,
    'container-title': SITE_NAME,
    URL: citation.url,
    ...(citation.edition === undefined ? {} : { version: citation.edition }),
    issued: { 'date-parts': [[year, month, day]] },
  };
  return JSON.stringify([item], null, 2);
}

const BIBTEX_SPECIAL: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  '&': '\\&',
  '%': '\\%',
  $: '\\$',
  '#': '\\#',
  _: '\\_',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
};

/** Text for a braced BibTeX field: LaTeX's special characters escaped, in one pass. */
function bibtexText(text: string): string {
  return text.replace(/[\\{}&%$#_~^]/g, (character) => BIBTEX_SPECIAL[character]!);
}

const BIBTEX_MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * The citation as a BibTeX `@misc` entry. The title is double-braced, so that no style changes its
 * capitals; the url field is left verbatim (as biblatex and the url package read it), its braces
 * and backslashes percent-encoded; names keep their letters as UTF-8 (biber, or bibtex with inputenc).
 */
export function bibtex(citation: Citation): string {
  const [year, month] = citation.date.split('-');
  const url = citation.url.replace(/[{}\\\s]/g, (character) => encodeURIComponent(character));
  return [
    `@misc{${citationKey(citation)},`,
    `  title = {{${bibtexText(citation.title)}}},`,
    `  howpublished = {${bibtexText(source(citation))}},`,
    `  year = {${year}},`,
    `  month = ${BIBTEX_MONTHS[Number(month) - 1] ?? `{${month}}`},`,
    ...(citation.edition === undefined ? [] : [`  note = {Edition ${bibtexText(citation.edition)}},`]),
    `  url = {${url}}`,
    '}',
  ].join('\n');
}
