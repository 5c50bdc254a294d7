// The API's date-times carry no zone (`YYYY-MM-DDThh:mm:ss`, sometimes with fractions). They are
// read as calendar values, never through `Date`, so that no time zone can move a day.

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** Reads a date or date-time; `undefined` for anything that is not a real calendar date. */
export function parseApiDate(value: unknown): CalendarDate | undefined {
  if (typeof value !== 'string') return undefined;
  const match = DATE_TIME.exec(value.trim());
  if (!match) return undefined;
  const [year, month, day, hour, minute] = [1, 2, 3, 4, 5].map((index) => Number(match[index] ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month) || hour > 23 || minute > 59) {
    return undefined;
  }
  return { year, month, day, hour, minute };
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * A placeholder such as .NET's `0001-01-01T00:00:00` stands for "no date", not the year 1.
 * Nothing in an Irish register predates 1800.
 */
function isPlaceholderDate(date: CalendarDate): boolean {
  return date.year < 1800;
}

/** "3 March 2021"; `undefined` when the value is not a usable date. */
export function formatDate(value: unknown): string | undefined {
  const date = parseApiDate(value);
  if (!date || isPlaceholderDate(date)) return undefined;
  return `${date.day} ${MONTHS[date.month - 1]} ${date.year}`;
}

/** "3 March 2021, 14:05", or just the date at midnight. */
export function formatDateTime(value: unknown): string | undefined {
  const date = parseApiDate(value);
  if (!date || isPlaceholderDate(date)) return undefined;
  const day = `${date.day} ${MONTHS[date.month - 1]} ${date.year}`;
  if (date.hour === 0 && date.minute === 0) return day;
  return `${day}, ${pad(date.hour)}:${pad(date.minute)}`;
}

/** "2021-03-03" for a `<time datetime>` attribute. */
export function isoDate(value: unknown): string | undefined {
  const date = parseApiDate(value);
  if (!date || isPlaceholderDate(date)) return undefined;
  return `${String(date.year).padStart(4, '0')}-${pad(date.month)}-${pad(date.day)}`;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

export interface DateText {
  /** What to show: the date, or the value as given when it is not a usable date. */
  text: string;
  /** For `<time datetime>`, when the value is a real date. */
  iso?: string;
}

/**
 * A date for display, never hiding what the source said: a real date is formatted, a
 * placeholder (year 0001) reads "not given" with the value, anything else is shown as given.
 */
export function describeDate(value: unknown, withTime = false): DateText | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const date = parseApiDate(value);
  if (!date) return { text: value };
  if (isPlaceholderDate(date)) return { text: `not given (the source gives ${value.trim()})` };
  const text = (withTime ? formatDateTime(value) : formatDate(value)) ?? value;
  const iso = isoDate(value);
  return iso ? { text, iso } : { text };
}
