// The facts of each organisation that facet counts and the sort by income read over a whole result
// set: packed into small files by ranges of document numbers, so that a query reads only the
// ranges its results fall in (docs/search.md, "Facets, sort and the results file").
import { decodeNumbers, encodeNumbers, unzigzag, zigzag } from './codec.ts';
import { MULTI_FACETS, type FactsPart } from './parts.ts';

/** One document's facts, as option numbers into the core's facet options. */
export interface DocumentFacts {
  county: number;
  sector: number;
  list: number[];
  voluntaryCode: number[];
  funder: number[];
  status: number[];
  /** The latest income in cents; undefined when not given. */
  incomeCents: number | undefined;
}

export function encodeFacts(documents: readonly DocumentFacts[]): FactsPart {
  return encodeNumbers(
    documents.flatMap((facts) => [
      facts.county,
      facts.sector,
      ...MULTI_FACETS.flatMap((facet) => [facts[facet].length, ...facts[facet]]),
      facts.incomeCents === undefined ? 0 : 1 + zigzag(facts.incomeCents),
    ]),
  );
}

export function decodeFacts(part: FactsPart): DocumentFacts[] {
  const numbers = decodeNumbers(part);
  const documents: DocumentFacts[] = [];
  let at = 0;
  const several = () => {
    const count = numbers[at++]!;
    at += count;
    return numbers.slice(at - count, at);
  };
  while (at < numbers.length) {
    const county = numbers[at++]!;
    const sector = numbers[at++]!;
    const [list, voluntaryCode, funder, status] = MULTI_FACETS.map(several) as [
      number[],
      number[],
      number[],
      number[],
    ];
    const income = numbers[at++]!;
    documents.push({
      county,
      sector,
      list,
      voluntaryCode,
      funder,
      status,
      incomeCents: income === 0 ? undefined : unzigzag(income - 1),
    });
  }
  return documents;
}
