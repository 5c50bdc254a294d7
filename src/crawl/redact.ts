// The subscription key must never reach a file, a log line or an error message. Everything the
// crawl writes or reports passes through the redactor built from the key, whatever its source
// (an echoing proxy, an error that quotes a request).
import type { CrawlEvent, CrawlReporter } from './events.ts';

export const REDACTED = '[redacted key]';

export function keyRedactor(key: string): (text: string) => string {
  if (key === '') return (text) => text;
  return (text) => (text.includes(key) ? text.split(key).join(REDACTED) : text);
}

/**
 * An answer's body with the key replaced, for an API (or a gateway before it) that gives the key
 * back inside a record: the one change the crawl makes to what it stores. The same Buffer when
 * the key is not in it.
 */
export function redactBody(body: Buffer, redact: (text: string) => string): Buffer {
  const text = body.toString('utf8');
  const redacted = redact(text);
  return redacted === text ? body : Buffer.from(redacted, 'utf8');
}

/** A reporter that redacts every text of every event before passing it on. */
export function redactingReporter(reporter: CrawlReporter, redact: (text: string) => string): CrawlReporter {
  return {
    event(event: CrawlEvent) {
      // Copied only when a text held the key: two events a record, nearly all of them clean.
      let copy: Record<string, unknown> | undefined;
      for (const [field, value] of Object.entries(event)) {
        if (typeof value !== 'string') continue;
        const redacted = redact(value);
        if (redacted !== value) (copy ??= { ...event })[field] = redacted;
      }
      reporter.event((copy ?? event) as CrawlEvent);
    },
  };
}
