// What the planner learns per result: an organisation a list named or a search returned is taken
// into the term index and the register's sample, and its words and facets are offered as searches.
import type { Known } from './known.ts';
import type { CandidatePool } from './pool.ts';
import type { RegisterSample } from './register.ts';
import type { FoundOrganisation, TermIndex } from './terms.ts';

/** The parts of the planner that a result teaches. */
export interface Learners {
  terms: TermIndex;
  register: RegisterSample;
  pool: CandidatePool;
}

/**
 * An organisation a list named, with the texts known of it: none at first, then those of its
 * record once it is stored (taken again for the same organisation, it learns the new words).
 */
export function learnListed({ terms, register, pool }: Learners, organisation: FoundOrganisation): void {
  const { known, added } = terms.learn(organisation);
  let words: Iterable<string> = added;
  if (!known.listed) {
    terms.recount(known, (matches) => (matches.listed += 1));
    known.listed = true;
    register.addListed(organisation.id.toLowerCase());
    words = known.words;
  }
  for (const word of words) pool.offerWord(word);
  for (const facet of organisation.facets ?? []) pool.offerFacet(facet);
}

/** Takes in an answer's results: those not known before, found, and their words offered. */
export function learnResults(
  { terms, register, pool }: Learners,
  results: readonly FoundOrganisation[],
): FoundOrganisation[] {
  const found: FoundOrganisation[] = [];
  const returned = new Set<Known>();
  for (const result of results) {
    const id = result.id.toLowerCase();
    const met = terms.known.get(id);
    if (met !== undefined) {
      if (!returned.has(met)) {
        register.addSeen(id, met);
        captured(terms, met);
      }
      returned.add(met);
      continue;
    }
    register.addSeen(id, undefined);
    const { known } = terms.learn(result);
    known.foundBySearch = true;
    captured(terms, known);
    returned.add(known);
    found.push(result);
    for (const word of known.words) pool.offerWord(word);
    for (const facet of result.facets ?? []) pool.offerFacet(facet);
  }
  return found;
}

/**
 * One more answer returned a known organisation: it moves from those returned once to those
 * returned twice (the estimate of what its words' searches have not returned reads them).
 */
function captured(terms: TermIndex, known: Known): void {
  if (known.captures >= 3) return;
  const before = known.captures;
  terms.recount(known, (matches) => {
    if (before === 0) {
      matches.returned += 1;
      matches.once += 1;
    } else if (before === 1) {
      matches.once -= 1;
      matches.twice += 1;
    } else matches.twice -= 1;
  });
  known.captures += 1;
}

/** The results of an answer under the cap: their neighbours in it are all known. */
export function certify(terms: TermIndex, results: readonly FoundOrganisation[]): void {
  for (const result of results) {
    const known = terms.known.get(result.id.toLowerCase());
    if (known !== undefined && !known.certified) {
      terms.recount(known, (matches) => (matches.uncertified -= 1));
      known.certified = true;
    }
  }
}
