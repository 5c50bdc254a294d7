// Faults the sample API can inject into /public/v1, off by default: what a crawler meets behind
// Azure API Management on a bad day: 429 over a rate limit and 403 over a quota, both with
// Retry-After (https://learn.microsoft.com/azure/api-management/rate-limit-policy,
// https://learn.microsoft.com/azure/api-management/quota-policy), resets and stalls. Random faults
// come from their own seeded stream, drawn in a fixed pattern per request, so that the same
// sequence of requests meets the same faults.
import { createRandom, type Random } from './prng.ts';

/** What a fault option is when not given; every other fault is off (0) or uncapped. */
export const FAULT_DEFAULTS = {
  faultSeed: 'faults',
  retryAfterSeconds: 1,
  quotaRetryAfterSeconds: 60,
} as const;

export interface FaultOptions {
  /** Seed of the fault stream. Default 'faults'. */
  faultSeed?: string | number;
  /** Delay before each answer, in milliseconds. Default 0. */
  latencyMs?: number;
  /** The delay varies uniformly by up to this much either way (never below 0). Default 0. */
  jitterMs?: number;
  /** Share of requests answered 500 or 503 (half each). Default 0. */
  errorRate?: number;
  /** Share of requests answered 429 as over a rate limit. Default 0. */
  rateLimitRate?: number;
  /** `Retry-After` of a 429, in seconds. Default 1. */
  retryAfterSeconds?: number;
  /** Share of the random 429s sent without `Retry-After`, as Azure sometimes does. Default 0. */
  rateLimitWithoutRetryAfter?: number;
  /** Share of requests whose connection is reset before any answer. Default 0. */
  resetRate?: number;
  /** Share of answers cut short: the full Content-Length is announced, part of the body sent. Default 0. */
  truncateRate?: number;
  /** Share of requests never answered (the connection stays open until the client gives up). Default 0. */
  stallRate?: number;
  /** Requests in flight above this many are answered 429 with `Retry-After`. Default: no cap. */
  maxConcurrent?: number;
  /** Requests allowed per quota window; the rest of the window is answered 403 with `Retry-After`. Default: no quota. */
  quota?: number;
  /** Length of the quota window, in seconds, counted from its first request. Default 60. */
  quotaRetryAfterSeconds?: number;
}

export type FaultDecision =
  | { kind: 'none'; latencyMs: number; truncateAt: number | undefined }
  | { kind: 'rateLimit'; retryAfterSeconds: number | undefined }
  | { kind: 'reset'; latencyMs: number }
  | { kind: 'stall' }
  | { kind: 'error'; status: 500 | 503; latencyMs: number };

const RATE_KEYS = [
  'errorRate',
  'rateLimitRate',
  'rateLimitWithoutRetryAfter',
  'resetRate',
  'truncateRate',
  'stallRate',
] as const;

/** Throws a RangeError naming the first option out of range. */
export function validateFaults(options: FaultOptions): void {
  for (const key of RATE_KEYS) {
    const value = options[key];
    if (value !== undefined && !(value >= 0 && value <= 1))
      throw new RangeError(`${key} must be between 0 and 1`);
  }
  for (const key of ['latencyMs', 'jitterMs', 'retryAfterSeconds', 'quotaRetryAfterSeconds'] as const) {
    const value = options[key];
    if (value !== undefined && !(Number.isFinite(value) && value >= 0))
      throw new RangeError(`${key} must be 0 or more`);
  }
  for (const key of ['maxConcurrent', 'quota'] as const) {
    const value = options[key];
    if (value !== undefined && !(Number.isInteger(value) && value >= 1)) {
      throw new RangeError(`${key} must be a positive integer`);
    }
  }
}

export class FaultInjector {
  readonly options: Readonly<FaultOptions>;
  readonly #random: Random;
  #quotaWindowStart = 0;
  #quotaUsed = 0;

  constructor(options: FaultOptions = {}) {
    validateFaults(options);
    this.options = { ...options };
    this.#random = createRandom('faults', options.faultSeed ?? FAULT_DEFAULTS.faultSeed);
  }

  /** Whether a request arriving with `inFlight` requests in flight (itself included) is over the cap. */
  overConcurrency(inFlight: number): boolean {
    const cap = this.options.maxConcurrent;
    return cap !== undefined && inFlight > cap;
  }

  /** Seconds until the quota is replenished when it is spent, else undefined (and the request is counted). */
  quotaRetryAfter(now: number): number | undefined {
    const quota = this.options.quota;
    if (quota === undefined) return undefined;
    const windowMs = (this.options.quotaRetryAfterSeconds ?? FAULT_DEFAULTS.quotaRetryAfterSeconds) * 1000;
    if (this.#quotaUsed === 0 || now - this.#quotaWindowStart >= windowMs) {
      this.#quotaWindowStart = now;
      this.#quotaUsed = 0;
    }
    if (this.#quotaUsed < quota) {
      this.#quotaUsed++;
      return undefined;
    }
    return Math.max(1, Math.ceil((this.#quotaWindowStart + windowMs - now) / 1000));
  }

  /** Draws this request's fate. Every call draws the same count of numbers, whatever the options. */
  decide(): FaultDecision {
    const o = this.options;
    const [rateLimit, withoutHeader, jitter, reset, stall, error, errorKind, truncate, truncateAt] =
      Array.from({ length: 9 }, () => this.#random()) as [
        number,
        number,
        number,
        number,
        number,
        number,
        number,
        number,
        number,
      ];
    const latencyMs = Math.max(0, (o.latencyMs ?? 0) + (jitter * 2 - 1) * (o.jitterMs ?? 0));
    if (rateLimit < (o.rateLimitRate ?? 0)) {
      const omit = withoutHeader < (o.rateLimitWithoutRetryAfter ?? 0);
      return {
        kind: 'rateLimit',
        retryAfterSeconds: omit ? undefined : (o.retryAfterSeconds ?? FAULT_DEFAULTS.retryAfterSeconds),
      };
    }
    if (reset < (o.resetRate ?? 0)) return { kind: 'reset', latencyMs };
    if (stall < (o.stallRate ?? 0)) return { kind: 'stall' };
    if (error < (o.errorRate ?? 0)) return { kind: 'error', status: errorKind < 0.5 ? 500 : 503, latencyMs };
    return { kind: 'none', latencyMs, truncateAt: truncate < (o.truncateRate ?? 0) ? truncateAt : undefined };
  }
}

/** "00:00:59": how Azure API Management writes the time until a quota is replenished. */
export function quotaClock(seconds: number): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}
