import assert from 'node:assert/strict';
import { test } from 'node:test';
import { COUNTIES } from '../../../src/sample-api/geography.ts';
import { generateDataset } from '../../../src/sample-api/dataset.ts';
import { organisationListSchema, organisationSchema, type Organisation } from '../../../src/schemas/index.ts';

const dataset = generateDataset({ orgs: 3000 });
const records = dataset.ids.map((id) => organisationSchema.parse(dataset.organisation(id)));
const share = (predicate: (record: Organisation) => boolean) =>
  records.filter(predicate).length / records.length;

test('the default register has 2000 organisations with a record and a few listed but gone', () => {
  const defaults = generateDataset({});
  assert.equal(defaults.seed, 'orgdir');
  assert.equal(defaults.ids.length, 2000);
  assert.equal(defaults.goneIds.length, 10);
});

test('the same seed and size give the same register, and another seed another', () => {
  const again = generateDataset({ orgs: 3000 });
  assert.deepEqual(again.registeredCharities, dataset.registeredCharities);
  const id = dataset.ids[42] ?? '';
  assert.equal(JSON.stringify(again.organisation(id)), JSON.stringify(dataset.organisation(id)));
  const other = generateDataset({ orgs: 3000, seed: 'another' });
  assert.notDeepEqual(other.ids, dataset.ids);
});

test('an organisation does not depend on how many others there are', () => {
  const small = generateDataset({ orgs: 50 });
  assert.deepEqual(small.ids, dataset.ids.slice(0, 50));
  const id = small.ids[7] ?? '';
  assert.equal(JSON.stringify(small.organisation(id)), JSON.stringify(dataset.organisation(id)));
});

test('every record and every list passes the schemas of the API', () => {
  assert.equal(records.length, 3000);
  for (const list of [dataset.registeredCharities, dataset.taxEfficientGifts, dataset.housingBodies]) {
    organisationListSchema.parse(list);
  }
  for (const code of dataset.voluntaryCodes)
    organisationListSchema.parse(dataset.voluntaryCodeMembers(code.id));
});

test('list sizes follow the real register: about 38% charities, 1.8% housing bodies, SORP empty', () => {
  const n = dataset.ids.length;
  assert.ok(Math.abs(dataset.registeredCharities.length / n - 11_500 / 30_000) < 0.04);
  assert.ok(Math.abs(dataset.housingBodies.length / n - 550 / 30_000) < 0.008);
  assert.equal(dataset.voluntaryCodeMembers('SORP')?.length, 0);
  const governance = dataset.voluntaryCodeMembers('GOVERNANCECODE')?.length ?? 0;
  const ictr = dataset.voluntaryCodeMembers('ICTR')?.length ?? 0;
  assert.ok(governance > 10 && governance < 50, `GOVERNANCECODE has ${governance}`);
  assert.ok(ictr > 15 && ictr < 65, `ICTR has ${ictr}`);
  assert.deepEqual(
    dataset.voluntaryCodes.slice(0, 3).map((code) => code.id),
    ['GOVERNANCECODE', 'ICTR', 'SORP'],
  );
});

test('gone ids are listed but have no record, and every other listed id has one', () => {
  assert.ok(dataset.goneIds.length >= 10);
  const listed = new Set(
    [
      ...dataset.registeredCharities,
      ...dataset.taxEfficientGifts,
      ...dataset.housingBodies,
      ...dataset.voluntaryCodes.flatMap((code) => dataset.voluntaryCodeMembers(code.id) ?? []),
    ].map((summary) => summary.id),
  );
  for (const id of dataset.goneIds) {
    assert.ok(listed.has(id), `${id} is listed`);
    assert.equal(dataset.organisation(id), undefined);
  }
  const gone = new Set(dataset.goneIds);
  for (const id of listed) if (!gone.has(id)) assert.notEqual(dataset.organisation(id), undefined);
});

test('some organisations are on several lists and some on none', () => {
  const charities = new Set(dataset.registeredCharities.map((summary) => summary.id));
  const gifts = new Set(dataset.taxEfficientGifts.map((summary) => summary.id));
  const housing = new Set(dataset.housingBodies.map((summary) => summary.id));
  assert.ok([...gifts].filter((id) => charities.has(id)).length > 100);
  assert.ok([...housing].some((id) => charities.has(id)));
  const unlisted = dataset.ids.filter((id) => !charities.has(id) && !gifts.has(id) && !housing.has(id));
  assert.ok(unlisted.length > 1000);
});

test('list memberships agree with the regulatory labels and governance codes of each record', () => {
  const charities = new Set(dataset.registeredCharities.map((summary) => summary.id));
  const housing = new Set(dataset.housingBodies.map((summary) => summary.id));
  const ictr = new Set(dataset.voluntaryCodeMembers('ICTR')?.map((summary) => summary.id));
  for (const record of records) {
    assert.equal(record.regulatory.includes('Registered Charity (CRA)'), charities.has(record.id));
    assert.equal(record.regulatory.includes('Approved Housing Body (AHBRA)'), housing.has(record.id));
    const hasIctr = record.governanceCodes.some((code) => code.governanceCodeDesc.includes('Fundraising'));
    assert.equal(hasIctr, ictr.has(record.id));
  }
});

test('names read like the Irish register: fadas, apostrophes, capitals and shared names', () => {
  const names = records.map((record) => record.name);
  assert.ok(names.some((name) => /[áéíóúÁÉÍÓÚ]/.test(name)));
  assert.ok(names.some((name) => /'/.test(name)));
  assert.ok(names.some((name) => name === name.toUpperCase() && /[A-Z]{4}/.test(name)));
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  assert.ok(
    [...counts.values()].some((count) => count > 1),
    'some organisations share a name',
  );
  assert.ok(share((record) => record.altNames.length === 0) > 0.3);
  assert.ok(share((record) => record.altNames.length > 0) > 0.15);
});

test('counties cover the 26 of the State and some of Northern Ireland', () => {
  const seen = new Set(records.map((record) => record.county));
  for (const county of COUNTIES.filter((candidate) => !candidate.northern))
    assert.ok(seen.has(county.name), county.name);
  assert.ok(COUNTIES.some((county) => county.northern && seen.has(county.name)));
});

test('sectors and sub-sectors use the appendix codes', () => {
  for (const record of records) {
    assert.match(record.sectorCode, /^(?:[1-9]|1[0-2])$/);
    assert.ok(record.subSectorCode.startsWith(`${record.sectorCode}.`));
    if (record.secondarySubsectorCode === '') assert.equal(record.secondarySubsectorName, '');
  }
  const homeless = records.find((record) => record.subSectorCode === '5.7');
  assert.equal(homeless?.subSectorName, 'Homeless and emergency relief');
  assert.ok(share((record) => record.secondarySubsectorCode === '') > 0.5);
});

test('coordinates are [longitude, latitude] in Ireland, with some unknown and a few swapped', () => {
  const points = records.map((record) => record.geolocation.coordinates);
  const inIreland = ([lon, lat]: [number, number]) => lon > -10.7 && lon < -5.4 && lat > 51.3 && lat < 55.5;
  const swapped = ([lon, lat]: [number, number]) => inIreland([lat, lon]);
  const unknown = ([lon, lat]: [number, number]) => lon === 0 && lat === 0;
  assert.ok(points.every((point) => inIreland(point) || swapped(point) || unknown(point)));
  assert.ok(points.filter(unknown).length > 30);
  assert.ok(points.filter(swapped).length > 5);
  assert.ok(records.every((record) => record.geolocation.type === 'Point'));
});

test('regulators carry CRA, CHY and housing numbers, and some text markers', () => {
  const regulators = records.flatMap((record) => record.regulators);
  const cra = regulators.filter((regulator) => regulator.regulatorDesc === 'CRA');
  assert.ok(cra.every((regulator) => /^20\d{6}$/.test(regulator.regulatorNumber)));
  assert.ok(regulators.some((regulator) => /^CHY ?\d+$/.test(regulator.regulatorNumber)));
  assert.ok(regulators.some((regulator) => regulator.regulatorDesc === 'AHBRA'));
  assert.ok(regulators.some((regulator) => regulator.regulatorNumber === 'Not Applicable'));
});

test('money is skewed, expenditure negative, and funders name real Irish funders', () => {
  const incomes = records.map((record) => record.financialSummary.currentIncome).sort((a, b) => a - b);
  const median = incomes[Math.floor(incomes.length / 2)] ?? 0;
  const top = incomes[incomes.length - 1] ?? 0;
  assert.ok(median > 10_000 && median < 1_000_000, `median ${median}`);
  assert.ok(top > 100 * median, `top ${top}`);
  for (const { financialSummary } of records) {
    assert.ok(financialSummary.currentExpenditure <= 0);
    assert.ok(financialSummary.prevExpenditure <= 0);
  }
  const funders = new Set(records.flatMap((record) => record.funders.map((funder) => funder.fundSource)));
  for (const name of [
    'Pobal',
    'Health Service Executive',
    'Tusla - Child and Family Agency',
    'Department of Education',
  ]) {
    assert.ok(funders.has(name), name);
  }
  assert.ok([...funders].some((name) => name.endsWith('County Council')));
});

test('sources come with and without a licence, dates with and without fractional seconds', () => {
  const sources = records.flatMap((record) => record.sources);
  assert.ok(sources.some((source) => source.license === undefined));
  assert.ok(sources.some((source) => source.license === 'CC BY 4.0'));
  assert.ok(sources.some((source) => /\.\d+$/.test(source.date)));
  assert.ok(sources.some((source) => /:\d\d$/.test(source.date)));
});

test('addresses carry Eircodes, some empty; websites are mostly https, some http, some empty', () => {
  const addresses = records.flatMap((record) => record.otherAddresses);
  assert.ok(addresses.some((address) => /^[A-Z][0-9][0-9W] [0-9ACDEFHKNPRTVWXY]{4}$/.test(address.eircode)));
  assert.ok(addresses.some((address) => address.eircode === ''));
  for (const address of addresses) assert.doesNotMatch(address.cleanAddress, /[A-Z,.']/);
  assert.match(records.map((record) => record.registeredAddress).join('\n'), /D0\d [0-9A-Z]{4}/);
  assert.ok(share((record) => record.orgUrl.startsWith('https://')) > 0.5);
  assert.ok(records.some((record) => record.orgUrl.startsWith('http://')));
  assert.ok(records.some((record) => record.orgUrl === ''));
});

test('legal objects vary in length, some cut part-way; directors have appointment dates', () => {
  const extracts = records.map((record) => record.legalObjectsExtract).filter((text) => text !== '');
  assert.ok(
    extracts.some((text) => !/[.]$/.test(text)),
    'some end part-way',
  );
  const lengths = extracts.map((text) => text.length);
  assert.ok(Math.max(...lengths) > 3 * Math.min(...lengths));
  const directors = records.flatMap((record) => record.directors);
  assert.ok(directors.length > records.length * 3);
  assert.ok(directors.some((director) => /O'|Ó |Ní /.test(director.name)));
  for (const record of records.slice(0, 200)) {
    for (const director of record.directors) assert.ok(director.dateAppointed >= record.incorporatedDate);
  }
});

test('the share of the register on a list follows listShare; the others are reachable only through search', () => {
  const onAList = (listShare?: number) => {
    const dataset = generateDataset({ orgs: 3000, ...(listShare === undefined ? {} : { listShare }) });
    const listed = new Set(
      [
        ...dataset.registeredCharities,
        ...dataset.taxEfficientGifts,
        ...dataset.housingBodies,
        ...dataset.voluntaryCodes.flatMap((code) => dataset.voluntaryCodeMembers(code.id) ?? []),
      ].map((organisation) => organisation.id),
    );
    return dataset.ids.filter((id) => listed.has(id)).length / dataset.ids.length;
  };
  const usual = onAList();
  assert.ok(usual > 0.38 && usual < 0.48, `${usual}`);
  const fewer = onAList(0.2);
  assert.ok(fewer > 0.16 && fewer < 0.24, `${fewer}`);
  assert.throws(() => generateDataset({ orgs: 10, listShare: 0 }), /listShare/);
});
