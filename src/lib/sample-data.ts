// The built-in sample API marks every answer as made up, and the crawl records the mark in the
// manifest: the pages say "Sample data" from that record alone, never from where the API ran (a
// crawl of a real register's copy on this machine is no sample).

/** The header the sample API sends with every answer; its value says what the data is. */
export const SAMPLE_DATA_HEADER = 'x-orgdir-sample-data';
export const SAMPLE_DATA_VALUE = 'made-up';
