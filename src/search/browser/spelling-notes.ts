// The note after the status line that offers another query: "Did you mean …?" for a query that
// found nothing, "Showing results for …" for one whose words were found only with a typo.
import { element } from '../../lib/elements.ts';
import type { Correction } from './spelling.ts';

export class SpellingNotes {
  readonly #status: HTMLElement;
  /** A link that runs a query here. */
  readonly #queryLink: (query: string) => HTMLAnchorElement;
  /** The offer of a nearer query, drawn after the status when a query found nothing. */
  #offer: HTMLElement | undefined;

  constructor(status: HTMLElement, queryLink: (query: string) => HTMLAnchorElement) {
    this.#status = status;
    this.#queryLink = queryLink;
  }

  /** Takes the note shown away, before another search. */
  clear(): void {
    this.#offer?.remove();
  }

  /** For a query that found nothing, the nearest query that finds something, as a link. */
  didYouMean(nearest: string): void {
    this.#show([
      'Did you mean ',
      this.#queryLink(nearest),
      '? ',
      element('a', 'How search reads a query', { href: '#search-help' }),
    ]);
  }

  /** Says that a word was found only with a typo: what was searched for, and a link to the query as typed. */
  correction({ showing, instead }: Correction): void {
    this.#show([
      'Showing results for ',
      element('strong', showing),
      '. Search instead for ',
      this.#queryLink(instead),
      '.',
    ]);
  }

  /** Draws an offer of another query after the status, in place of the one before. */
  #show(parts: (string | Node)[]): void {
    const offer = element('p', undefined, { class: 'search-suggestion', 'data-search-suggestion': '' });
    offer.append(...parts);
    this.#offer?.remove();
    this.#offer = offer;
    this.#status.after(offer);
  }
}
