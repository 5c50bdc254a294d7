import { test } from 'node:test';
import assert from 'node:assert/strict';
import { financialChart, financialRows } from '../../../src/view/financial.ts';
import { crawlDate } from '../../../src/view/crawl-date.ts';
import { codeTitle, codesByDescription, descriptionKey } from '../../../src/records/voluntary-codes.ts';
import { organisationJsonLd } from '../../../src/view/json-ld.ts';
import { readOrganisation } from '../../../src/records/organisation.ts';
import { parseRecord } from '../../../src/records/record-json.ts';
import { formatAmount, yearOnYear } from '../../../src/lib/money.ts';
import { organisationView } from '../../../src/view/organisation-view.ts';

const financials = {
  currentYear: 2021,
  current: { income: 100, expenditure: -80, grants: 10, netAssets: -20 },
  previous: { income: 90, expenditure: -70 },
};

test('the financial table shows spending as a positive amount and keeps gaps', () => {
  assert.deepEqual(financialRows(financials), [
    { label: 'Income', previous: 90, current: 100 },
    { label: 'Spending', previous: 70, current: 80 },
    { label: 'Grants', current: 10 },
    { label: 'Net assets', current: -20 },
  ]);
});

test('the chart draws negative amounts left of the zero line and says when a value is missing', () => {
  const chart = financialChart(financialRows(financials))!;
  const netAssets = chart.bars.find((bar) => bar.label === 'Net assets' && bar.current)!;
  assert.ok(netAssets.x < chart.zero && Math.abs(netAssets.x + netAssets.width - chart.zero) < 0.2);
  const missing = chart.bars.find((bar) => bar.label === 'Grants' && !bar.current)!;
  assert.equal(missing.width, 0);
  assert.equal(missing.text, 'not given');
  assert.ok(chart.bars.every((bar) => bar.x + bar.width <= chart.width));
  // Drawn at its own size within a phone's 358 px column of text, so that no figure scrolls away.
  assert.ok(chart.width <= 358);
});

test('no chart is drawn without a single amount', () => {
  assert.equal(financialChart(financialRows({ current: {}, previous: {} })), undefined);
});

test('the crawl date comes from the manifest, in UTC when it says so', () => {
  assert.equal(crawlDate({ finishedAt: '2024-05-12T02:41:55.908Z' }), '12 May 2024, 02:41 UTC');
  assert.equal(crawlDate({ startedAt: '2024-05-12T02:00:00' }), '12 May 2024, 02:00');
  assert.equal(crawlDate({ finishedAt: 42 }), undefined);
  assert.equal(crawlDate({}), undefined);
});

test('a voluntary code is named by its description, else its usual name, else its id', () => {
  assert.equal(codeTitle({ id: 'X', description: 'Code X' }), 'Code X');
  assert.equal(codeTitle({ id: 'ictr' }), 'Statement of Guiding Principles for Fundraising');
  assert.equal(codeTitle({ id: 'NEWCODE' }), 'NEWCODE');
});

test('a record governance code finds its code page by description, spacing and case aside', () => {
  const map = codesByDescription([{ id: 'GOVERNANCECODE' }, { id: 'DOCHAS', description: 'Dóchas Code' }]);
  assert.equal(map.get(descriptionKey('dóchas  CODE'))?.id, 'DOCHAS');
  assert.equal(
    map.get(
      descriptionKey('The Governance Code for Community, Voluntary and Charitable Organisations in Ireland'),
    )?.id,
    'GOVERNANCECODE',
  );
});

test('JSON-LD carries only what the record gives', () => {
  const ld = organisationJsonLd(
    readOrganisation(
      { name: 'Club', orgUrl: 'javascript:x', county: 'Cork', geolocation: { coordinates: [-8.47, 51.9] } },
      'id-1',
    ),
  );
  assert.deepEqual(ld, {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    identifier: 'id-1',
    name: 'Club',
    address: { '@type': 'PostalAddress', addressRegion: 'Cork', addressCountry: 'IE' },
  });
});

test("an organisation's page prints amounts of 30 digits as the record writes them, and their change exactly", () => {
  // Checked by taking the protection out (the page printing the numbers read): the table then
  // reads 1,234,567,890,123,456,800,000,000,000,000 and the change "no change".
  const big = '123456789012345678901234567890';
  const view = organisationView(
    readOrganisation(
      parseRecord(
        `{"id":"x","financialSummary":{"currentIncome":${big}1,"prevIncome":${big}0,"currentExpenditure":-${big}},` +
          `"funders":[{"fundSource":"F","amount":${big}}]}`,
      ),
      'x',
    ),
  );
  const [income, spending] = financialRows(view.financials!);
  assert.equal(
    formatAmount(income!.currentWritten ?? income!.current),
    '1,234,567,890,123,456,789,012,345,678,901',
  );
  assert.equal(income!.previousWritten, `${big}0`);
  assert.equal(spending!.currentWritten, big);
  assert.equal(yearOnYear(income!.currentWritten, income!.previousWritten)?.text.split(' ')[0], '+1');
  assert.equal(view.funders[0]!.amountWritten, big);
  const chart = financialChart(financialRows(view.financials!))!;
  assert.ok(chart.bars.some((bar) => bar.text === formatAmount(big)));
});
