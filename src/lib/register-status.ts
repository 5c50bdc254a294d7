// How the site says that an organisation has left the register, in the words its change pages
// use: search results and their filter, the list matcher and the A–Z lists say it alike.

/** The status of an organisation an earlier edition listed and the latest no longer does. */
export const NO_LONGER_ON_REGISTER = 'No longer on the register';

/** "No longer on the register since 2026-11-20", from the date of the edition it went in. */
export function noLongerOnRegisterSince(date: string): string {
  return `${NO_LONGER_ON_REGISTER} since ${date}`;
}
