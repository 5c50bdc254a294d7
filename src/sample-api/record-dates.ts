// Dates of the sample records, in the forms the register's services wrote them.
import { integer, type Random } from './prng.ts';

export const pad = (value: number, digits = 2) => String(value).padStart(digits, '0');

export function dateTime(year: number, month: number, day: number, time?: [number, number, number]): string {
  const [hours, minutes, seconds] = time ?? [0, 0, 0];
  return `${year}-${pad(month)}-${pad(day)}T${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
}

export const DAY = 86_400_000;

/** A day between two days (as UTC milliseconds), both included. */
export function dayBetween(random: Random, from: number, to: number): number {
  return from + integer(random, 0, Math.max(0, Math.floor((to - from) / DAY))) * DAY;
}

export function yearStart(year: number): number {
  return Date.UTC(year, 0, 1);
}

/** `YYYY-MM-DDT00:00:00` of a day given as UTC milliseconds. */
export function day(time: number): string {
  return new Date(time).toISOString().slice(0, 19);
}

function randomDate(
  random: Random,
  fromYear: number,
  toYear: number,
): { year: number; month: number; day: number } {
  const date = new Date(dayBetween(random, yearStart(fromYear), yearStart(toYear + 1) - DAY));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** A source date as the services wrote them: some with fractional seconds, .NET's seven digits among them. */
export function sourceDate(random: Random, year: number): string {
  const { month, day } = randomDate(random, year, year);
  const base = dateTime(year, month, day, [
    integer(random, 0, 23),
    integer(random, 0, 59),
    integer(random, 0, 59),
  ]);
  const style = random();
  if (style < 0.45) return base;
  if (style < 0.85) return `${base}.${pad(integer(random, 0, 999), 3)}`;
  return `${base}.${pad(integer(random, 0, 9_999_999), 7)}`;
}
