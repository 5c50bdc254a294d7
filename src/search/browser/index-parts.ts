// The index's parts as the engine reads them: each loaded once by name through the loader it is
// given (a failure is not kept), the core checked for its format, and what the core and the terms
// shards tell of where the rest lies.
import { decodeDocuments } from '../format/codec.ts';
import { decodeFacts, type DocumentFacts } from '../format/facts.ts';
import { INDEX_FORMAT } from '../format/options.ts';
import {
  partName,
  type CorePart,
  type DocsEntry,
  type FactsPart,
  type ObjectsPart,
  type TermsEntry,
  type TermsPart,
} from '../format/parts.ts';
import { ShardTable } from '../format/shards.ts';

/** Loads one part of the index by name (`core`, `terms/3`, ...) and resolves to its contents. */
export type PartLoader = (name: string) => Promise<unknown>;

export class IndexParts {
  readonly #load: PartLoader;
  readonly #parts = new Map<string, Promise<unknown>>();
  /** Words with positions files of their own, from the shards loaded so far: [first file, files]. */
  readonly ownPositions = new Map<string, readonly [number, number]>();
  /** The cards files named by the shards loaded so far, with the documents each shows. */
  readonly #cards = new Map<number, number[]>();
  /** The cards file of each word that has one, from the shards loaded so far. */
  readonly #cardsOf = new Map<string, number>();
  #core: Promise<CorePart> | undefined;
  #table = new ShardTable([], []);

  constructor(load: PartLoader) {
    this.#load = load;
  }

  /** Which shard a word is in and which files hold it; empty until the core has loaded. */
  get table(): ShardTable {
    return this.#table;
  }

  part<T>(name: string): Promise<T> {
    let part = this.#parts.get(name);
    if (!part) {
      part = this.#load(name);
      // A part that failed may load on a later attempt (a flaky host); do not keep the failure.
      part.catch(() => this.#parts.delete(name));
      this.#parts.set(name, part);
    }
    return part as Promise<T>;
  }

  /** The core part; loading it first lets the page say "ready" before anyone types. */
  core(): Promise<CorePart> {
    this.#core ??= this.part<CorePart>(partName.core()).then((core) => {
      if (core.format !== INDEX_FORMAT)
        throw new Error(`search index format ${core.format}, expected ${INDEX_FORMAT}`);
      this.#table = ShardTable.decode(core);
      return core;
    });
    return this.#core;
  }

  /** The entries of one shard, and the positions files of its common words noted. */
  entries(key: string): Promise<TermsEntry[] | undefined> {
    return this.core().then(async () => {
      const files = this.#table.files.get(key);
      if (!files) return undefined;
      const entries = (await this.part<TermsPart>(partName.terms(files[0])))[key] ?? [];
      for (const [term, , positions, cards] of entries) {
        if (positions) this.ownPositions.set(term, positions);
        if (cards && !this.#cards.has(cards[0])) {
          this.#cards.set(cards[0], decodeDocuments(cards[1]));
          this.#cardsOf.set(term, cards[0]);
        }
      }
      return entries;
    });
  }

  /**
   * Starts reading a word's cards, if it has any, before its results are known: for a phrase,
   * whose word positions take a round of their own first.
   */
  readCards(term: string): void {
    const file = this.#cardsOf.get(term);
    if (file !== undefined) this.part(partName.cards(file)).catch(() => undefined);
  }

  /**
   * What each of `documents` shows, from as few files as the cards known so far allow: the cards
   * file showing most of them while it shows two or more, then the docs file of each of the rest;
   * every file at once. With `cards` false, from the docs files alone.
   */
  async display(documents: readonly number[], cards = true): Promise<Map<number, DocsEntry>> {
    const core = await this.core();
    const left = new Set(documents);
    const reads: Promise<void>[] = [];
    const shown = new Map<number, DocsEntry>();
    const read = (name: string, documentAt: (slot: number) => number | undefined): void => {
      reads.push(
        this.part<DocsEntry[]>(name).then((entries) =>
          entries.forEach((entry, slot) => {
            const document = documentAt(slot);
            if (document !== undefined && !shown.has(document)) shown.set(document, entry);
          }),
        ),
      );
    };
    while (cards) {
      let best: [file: number, showing: number] | undefined;
      for (const [file, shows] of this.#cards) {
        const showing = shows.filter((document) => left.has(document)).length;
        if (showing >= 2 && showing > (best?.[1] ?? 0)) best = [file, showing];
      }
      if (!best) break;
      const shows = this.#cards.get(best[0])!;
      for (const document of shows) left.delete(document);
      read(partName.cards(best[0]), (slot) => shows[slot]);
    }
    const docsFiles = new Set([...left].map((document) => Math.floor(document / core.docsPerFile)));
    for (const file of docsFiles) read(partName.docs(file), (slot) => file * core.docsPerFile + slot);
    await Promise.all(reads);
    return shown;
  }

  /** The facts of the given documents, from the facts files their numbers fall in. */
  async facts(documents: Iterable<number>): Promise<Map<number, DocumentFacts>> {
    const core = await this.core();
    const files = new Set<number>();
    for (const document of documents) files.add(Math.floor(document / core.factsPerFile));
    const byDocument = new Map<number, DocumentFacts>();
    await Promise.all(
      [...files].map(async (file) => {
        const decoded = decodeFacts(await this.part<FactsPart>(partName.facts(file)));
        decoded.forEach((facts, offset) => byDocument.set(file * core.factsPerFile + offset, facts));
      }),
    );
    return byDocument;
  }

  /** The legal objects of a document, for the excerpt of a match in them. */
  async objects(document: number): Promise<string> {
    const core = await this.core();
    const objects = await this.part<ObjectsPart>(
      partName.objects(Math.floor(document / core.objectsPerFile)),
    );
    return objects[document % core.objectsPerFile] ?? '';
  }
}
