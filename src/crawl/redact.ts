// The subscription key must never reach a file, a log line or an error message. Everything the
// crawl writes or reports passes through the redactor built from the key, whatever its source
// (an echoing proxy, an error that quotes a request).
import type { CrawlEvent, CrawlReporter } from './events.ts';

export const REDACTED = '[redacted key]';

export function keyRedactor(key: string): (text: string) => string {
  if (key === '') return (text) => text;
  return (text) => (text.includes(key) ? text.split(key).join(REDACTED) : text);
}

/** A reporter that redacts every text of every event before passing it on. */
export function redactingReporter(reporter: CrawlReporter, redact: (text: string) => string): CrawlReporter {
  return {
    event(event: CrawlEvent) {
      const copy: Record<string, unknown> = { ...event };
      for (const [field, value] of Object.entries(copy)) {
        if (typeof value === 'string') copy[field] = redact(value);
      }
      reporter.event(copy as CrawlEvent);
    },
  };
}
