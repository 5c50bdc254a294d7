import { z } from 'zod';
import { dateTime } from './common.ts';

/** Amounts are whole units of an unstated currency (euro in Irish data, but the API does not say). */
export const financialSummarySchema = z.looseObject({
  /** Year of the current accounts. */
  currentYear: z.int(),
  currentIncome: z.int(),
  currentNetAssets: z.int(),
  currentGrants: z.int(),
  /** Expenditure as the API gives it: a negative number. */
  currentExpenditure: z.int(),
  prevIncome: z.int(),
  prevNetAssets: z.int(),
  prevGrants: z.int(),
  /** Previous year's expenditure; negative. */
  prevExpenditure: z.int(),
  /** End date of the accounts. */
  accountToDate: dateTime,
});
