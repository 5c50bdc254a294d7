import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CoordinateTally, DriftReport, issuePath } from '../../../src/crawl/drift.ts';
import { keyRedactor, redactingReporter } from '../../../src/crawl/redact.ts';
import type { CrawlEvent } from '../../../src/crawl/events.ts';
import { ORGANISATION_FIELDS, organisationSchema } from '../../../src/schemas/index.ts';

test('issue paths group array positions together', () => {
  assert.equal(issuePath(['funders', 3, 'amount']), 'funders[].amount');
  assert.equal(issuePath([12, 'id']), '[].id');
  assert.equal(issuePath([]), '');
});

test('the same drift in many records is one finding with a count and a few examples', () => {
  const drift = new DriftReport();
  for (let index = 0; index < 8; index += 1) {
    const result = organisationSchema.safeParse({ id: 'x' });
    assert.equal(result.success, false);
    if (!result.success) drift.addIssues('organisation', `org-${index}`, result.error.issues);
  }
  const numEmployees = drift.findings().find((finding) => finding.path === 'numEmployees');
  assert.deepEqual(numEmployees && { ...numEmployees, message: '' }, {
    resource: 'organisation',
    path: 'numEmployees',
    issue: 'invalid_type',
    message: '',
    count: 8,
    examples: ['org-0', 'org-1', 'org-2', 'org-3', 'org-4'],
  });
  assert.ok(drift.findings().some((finding) => finding.path === 'id' && finding.issue === 'invalid_format'));
});

test('fields the spec does not name are reported and not treated as errors', () => {
  const drift = new DriftReport();
  drift.addUnknownFields('organisation', 'a', { name: 'x', charityNumber: 20000028 }, ORGANISATION_FIELDS);
  assert.deepEqual(drift.findings(), [
    {
      resource: 'organisation',
      path: 'charityNumber',
      issue: 'unknown_field',
      message: 'not in the spec; kept',
      count: 1,
      examples: ['a'],
    },
  ]);
});

test('coordinates of registered and other addresses are counted by order', () => {
  const tally = new CoordinateTally();
  tally.observe({
    geolocation: { type: 'Point', coordinates: [-6.26, 53.35] },
    otherAddresses: [
      { geolocation: { coordinates: [53.35, -6.26] } },
      { geolocation: { coordinates: [0, 0] } },
    ],
  });
  tally.observe({ geolocation: { coordinates: [0, 0] } });
  tally.observe({ name: 'no geolocation at all' });
  tally.observe({ geolocation: { coordinates: [2.35, 48.85] } });
  assert.deepEqual(tally.registeredAddress, { 'lon-lat': 1, 'lat-lon': 0, unknown: 2, outside: 1 });
  assert.deepEqual(tally.otherAddresses, { 'lon-lat': 0, 'lat-lon': 1, unknown: 1, outside: 0 });
});

test('the key is redacted from every text of every event', () => {
  const redact = keyRedactor('s3cr3t-key');
  assert.equal(redact('GET with s3cr3t-key and s3cr3t-key'), 'GET with [redacted key] and [redacted key]');
  const seen: CrawlEvent[] = [];
  const reporter = redactingReporter({ event: (event) => seen.push(event) }, redact);
  reporter.event({ type: 'message', level: 'warn', text: 'echo s3cr3t-key' });
  reporter.event({
    type: 'retry',
    operation: 'organisation',
    attempt: 1,
    reason: 'bad s3cr3t-key',
    delayMs: 1,
  });
  assert.equal(JSON.stringify(seen).includes('s3cr3t-key'), false);
});
