import { z } from 'zod';
import { dateTime } from './common.ts';

export const directorSchema = z.looseObject({
  name: z.string(),
  dateAppointed: dateTime,
});
