// What each operation of the sample API answers when the gateway lets a request through
// (gateway.ts): the bodies of the lists, the voluntary codes, the records and the searches.
import type { SampleDataset } from './dataset.ts';
import type { Route } from './routes.ts';
import { isEmptyServiceQuery, parseServiceQuery, type ServiceQuery } from '../lib/service-search.ts';
import type { SearchWords } from './search.ts';

export interface Answer {
  status: number;
  body: Buffer;
  headers?: Record<string, string>;
  /** The organisation whose record this is, for `organisationsServed`. */
  organisationId?: string;
  /** The search query this answers, as sent, for `searchesServed`. */
  searchQuery?: string;
}

export function json(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value), 'utf8');
}

/** An error body as the real gateway and service wrote them. */
export function errorBody(statusCode: number, message: string): Buffer {
  return json({ statusCode, message });
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AnswerOptions {
  /** Shape of the `VoluntaryCodes` answer. */
  voluntaryCodesShape: 'strings' | 'objects';
  /** Most search results answered for one query. */
  searchLimit: number;
  /**
   * How a query of several words or phrases is read: `all` of them (the spec's register), or
   * `any` of them, those that hold the most first, as common relevance engines do.
   */
  searchWords: SearchWords;
  /** Serialise every record now rather than on each request. */
  prepareRecords: boolean;
}

export class OperationAnswers {
  readonly #dataset: SampleDataset;
  /** Lower-case ids whose record fails with a 500 (a degraded night). */
  readonly #failing: ReadonlySet<string>;
  readonly #options: AnswerOptions;
  readonly #lists: Record<
    'registeredCharities' | 'taxEfficientGifts' | 'housingBodies' | 'voluntaryCodes',
    Buffer
  >;
  readonly #codeMemberBodies = new Map<string, Buffer>();
  /** Record bytes by lower-case id, when `prepareRecords`; made at 0.1 ms a record otherwise. */
  readonly #recordBodies = new Map<string, { id: string; body: Buffer }>();

  constructor(dataset: SampleDataset, failing: ReadonlySet<string>, options: AnswerOptions) {
    this.#dataset = dataset;
    this.#failing = failing;
    this.#options = options;
    // List bodies never change: serialise them once, now, so the first request is as quick as the rest.
    this.#lists = {
      registeredCharities: json(dataset.registeredCharities),
      taxEfficientGifts: json(dataset.taxEfficientGifts),
      housingBodies: json(dataset.housingBodies),
      voluntaryCodes: json(dataset.voluntaryCodes.map((code) => this.#codeEntry(code))),
    };
    if (options.prepareRecords) {
      for (const id of dataset.ids) {
        const record = dataset.organisation(id);
        if (record !== undefined)
          this.#recordBodies.set(id.toLowerCase(), { id: String(record['id']), body: json(record) });
      }
    }
  }

  #codeEntry(code: { id: string; description: string }): string | { id: string; description: string } {
    return this.#options.voluntaryCodesShape === 'strings'
      ? code.id
      : { id: code.id, description: code.description };
  }

  answer(route: Route, query: URLSearchParams): Answer {
    switch (route.operation) {
      case 'registeredCharities':
      case 'taxEfficientGifts':
      case 'housingBodies':
        return { status: 200, body: this.#lists[route.operation] };
      case 'voluntaryCodes':
        return this.#voluntaryCodes(route.argument ?? (query.get('id') || undefined));
      case 'voluntaryCodeMembers':
        return this.#voluntaryCodeMembers(route.argument ?? '');
      case 'organisation':
        return this.#organisation(route.argument ?? '');
      case 'search':
        return this.#search(query.get('id'));
    }
  }

  #voluntaryCodes(codeId: string | undefined): Answer {
    if (codeId === undefined) return { status: 200, body: this.#lists.voluntaryCodes };
    const code = this.#dataset.voluntaryCodes.find((candidate) => candidate.id === codeId);
    if (code === undefined) return { status: 404, body: errorBody(404, 'Voluntary code not found') };
    return { status: 200, body: json([this.#codeEntry(code)]) };
  }

  #voluntaryCodeMembers(codeId: string): Answer {
    let body = this.#codeMemberBodies.get(codeId);
    if (body === undefined) {
      const members = this.#dataset.voluntaryCodeMembers(codeId);
      if (members === undefined) return { status: 404, body: errorBody(404, 'Voluntary code not found') };
      body = json(members);
      this.#codeMemberBodies.set(codeId, body);
    }
    return { status: 200, body };
  }

  #organisation(id: string): Answer {
    if (!GUID.test(id)) return { status: 400, body: errorBody(400, 'The organisation id must be a GUID') };
    if (this.#failing.has(id.toLowerCase()))
      return { status: 500, body: errorBody(500, 'Internal server error') };
    const prepared = this.#recordBodies.get(id.toLowerCase());
    if (prepared !== undefined) return { status: 200, body: prepared.body, organisationId: prepared.id };
    const record = this.#dataset.organisation(id);
    if (record === undefined) return { status: 404, body: errorBody(404, 'Organisation not found') };
    return { status: 200, body: json(record), organisationId: String(record['id']) };
  }

  #search(raw: string | null): Answer {
    if (raw === null || raw.trim() === '') {
      return { status: 400, body: errorBody(400, 'The search query (parameter id) is required') };
    }
    const parsed = parseServiceQuery(raw);
    if (isEmptyServiceQuery(parsed)) {
      return { status: 400, body: errorBody(400, 'The search query has no word to search for') };
    }
    return { status: 200, body: json(this.#matches(parsed)), searchQuery: raw };
  }

  /** The results of a query, read as `searchWords` says. */
  #matches(query: ServiceQuery): unknown[] {
    const limit = this.#options.searchLimit;
    const terms: ServiceQuery[] = [
      ...query.words.map((word) => ({ words: [word], phrases: [] })),
      ...query.phrases.map((phrase) => ({ words: [], phrases: [phrase] })),
    ];
    if (this.#options.searchWords === 'all' || terms.length < 2) return this.#dataset.search(query, limit);
    // Any of the terms: each term's matches, those that hold the most terms first, then by name.
    const hits = new Map<string, { result: { id: string; name: string }; terms: number }>();
    for (const term of terms) {
      for (const result of this.#dataset.search(term, Number.MAX_SAFE_INTEGER)) {
        const hit = hits.get(result.id) ?? { result, terms: 0 };
        hit.terms += 1;
        hits.set(result.id, hit);
      }
    }
    return [...hits.values()]
      .sort(
        (a, b) =>
          b.terms - a.terms ||
          (a.result.name < b.result.name ? -1 : a.result.name > b.result.name ? 1 : 0) ||
          (a.result.id < b.result.id ? -1 : 1),
      )
      .slice(0, limit)
      .map((hit) => hit.result);
  }
}
