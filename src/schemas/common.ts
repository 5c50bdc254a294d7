import { z } from 'zod';

/** Organisation ids are lower-case GUIDs, as the service gave them; upper case is tolerated on read. */
export const GUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const guid = z.string().regex(GUID_PATTERN, 'not a GUID');

/**
 * ISO 8601 date-time without a zone designator, `YYYY-MM-DDThh:mm:ss`, optionally with
 * fractional seconds (the API allows them in a source's `date`; accepted everywhere, so that a
 * record is never judged on a detail the API is loose about).
 */
export const DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/;

export const dateTime = z.string().regex(DATE_TIME_PATTERN, 'not a YYYY-MM-DDThh:mm:ss date-time');

/** A URL as the API gives it: any string. Whether it is safe to link is the site's judgement. */
export const urlString = z.string();
