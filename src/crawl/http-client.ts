// GET requests to the API through one keep-alive undici Agent. Node's global fetch is not used:
// it runs on the undici bundled with Node, which refuses a dispatcher from the npm undici when
// their major versions differ, and `request` gives separate connect, headers and body time-outs.
import { Agent, request } from 'undici';
import type { HttpAnswer } from './retry-policy.ts';
import { SAMPLE_DATA_HEADER, SAMPLE_DATA_VALUE } from '../lib/sample-data.ts';

const SUBSCRIPTION_KEY_HEADER = 'Ocp-Apim-Subscription-Key';

/** Larger than any list of the real service (about 35,000 summaries is a few MB). */
const MAX_ANSWER_BYTES = 256 * 1024 * 1024;

/**
 * The most bytes of answers being received at once, all requests together: without it, the
 * memory a crawl may need grows with the concurrency (4 × 256 MiB at the default, 64 × 256 MiB at
 * 64). Twice the largest answer, so one answer always fits; an answer that would go past it is
 * dropped and asked again later, when the others are in (docs/security.md: "memory").
 */
const MAX_ANSWER_BYTES_IN_FLIGHT = 512 * 1024 * 1024;

/** Thrown for an answer that would take the answers being received past their bound: transient. */
class AnswersOverMemoryBound extends Error {
  override name = 'AnswersOverMemoryBound';
}

function mebibytes(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;
}

export interface ApiClientOptions {
  apiUrl: string;
  key: string;
  connections: number;
  connectTimeoutMs: number;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  requestTimeoutMs: number;
  userAgent: string;
  /** The largest answer accepted; default 256 MiB. */
  maxAnswerBytes?: number;
  /** The most bytes of answers received at once, all requests together; default 512 MiB. */
  maxAnswerBytesInFlight?: number;
}

/** One segment of a path, encoded; used for organisation and voluntary code ids. */
export function pathSegment(value: string): string {
  return encodeURIComponent(value);
}

export class ApiClient {
  readonly #options: ApiClientOptions;
  readonly #agent: Agent;
  readonly #maxBytesInFlight: number;
  /** Bytes of the answers being received now. */
  #bytesInFlight = 0;
  #sampleData = false;

  /** True once an answer has carried the sample API's mark: its register is made up. */
  get sampleData(): boolean {
    return this.#sampleData;
  }

  constructor(options: ApiClientOptions) {
    this.#options = options;
    this.#maxBytesInFlight = options.maxAnswerBytesInFlight ?? MAX_ANSWER_BYTES_IN_FLIGHT;
    this.#agent = new Agent({
      connections: options.connections,
      pipelining: 1,
      keepAliveTimeout: 10_000,
      connect: { timeout: options.connectTimeoutMs },
      headersTimeout: options.headersTimeoutMs,
      bodyTimeout: options.bodyTimeoutMs,
      maxResponseSize: options.maxAnswerBytes ?? MAX_ANSWER_BYTES,
    });
  }

  /** The URL of a path below the base URL, with one query parameter when given. */
  url(path: string, query?: { name: string; value: string }): string {
    const search =
      query === undefined ? '' : `?${encodeURIComponent(query.name)}=${encodeURIComponent(query.value)}`;
    return `${this.#options.apiUrl}${path}${search}`;
  }

  /**
   * One GET, its body read in full. Throws on a network failure or time-out; aborting `signal`
   * cancels the request (a queue's time-out on the task alone would leave the request running).
   */
  async get(url: string, signal: AbortSignal): Promise<HttpAnswer> {
    signal.throwIfAborted();
    // One controller with a plain timer rather than `AbortSignal.any([signal,
    // AbortSignal.timeout(ms)])`: the composite signal registers itself with the crawl's
    // long-lived stop signal on every request: 0.25 s of CPU in a profile of 10,000 requests.
    const controller = new AbortController();
    const stop = () => controller.abort(signal.reason);
    signal.addEventListener('abort', stop, { once: true });
    const deadline = setTimeout(() => {
      controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
    }, this.#options.requestTimeoutMs);
    try {
      const response = await request(url, {
        dispatcher: this.#agent,
        method: 'GET',
        headers: {
          [SUBSCRIPTION_KEY_HEADER]: this.#options.key,
          accept: 'application/json',
          'user-agent': this.#options.userAgent,
        },
        signal: controller.signal,
        headersTimeout: this.#options.headersTimeoutMs,
        bodyTimeout: this.#options.bodyTimeoutMs,
      });
      const body = await this.#read(response.body);
      if (response.headers[SAMPLE_DATA_HEADER] === SAMPLE_DATA_VALUE) this.#sampleData = true;
      return { status: response.statusCode, headers: response.headers, body };
    } finally {
      clearTimeout(deadline);
      signal.removeEventListener('abort', stop);
    }
  }

  /** A body read in full, its bytes counted against the bound of all answers being received. */
  async #read(stream: AsyncIterable<Buffer>): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let received = 0;
    try {
      for await (const chunk of stream) {
        received += chunk.length;
        this.#bytesInFlight += chunk.length;
        if (this.#bytesInFlight > this.#maxBytesInFlight) {
          throw new AnswersOverMemoryBound(
            `the answers being received at once would hold more than ${mebibytes(this.#maxBytesInFlight)}: this one is dropped at ${mebibytes(received)} and asked again`,
          );
        }
        chunks.push(chunk);
      }
    } finally {
      this.#bytesInFlight -= received;
    }
    return Buffer.concat(chunks, received);
  }

  async close(): Promise<void> {
    await this.#agent.destroy();
  }
}
