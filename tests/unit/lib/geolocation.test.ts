import { test } from 'node:test';
import assert from 'node:assert/strict';
import { coordinateOrder, toLatLon } from '../../../src/lib/geolocation.ts';

const DUBLIN_LON_LAT = [-6.2603, 53.3498];
const DUBLIN_LAT_LON = [53.3498, -6.2603];

test('a GeoJSON pair in Ireland is recognised as longitude first', () => {
  assert.equal(coordinateOrder(DUBLIN_LON_LAT), 'lon-lat');
  assert.equal(coordinateOrder([-10.2, 51.9]), 'lon-lat');
});

test('a swapped pair in Ireland is recognised as latitude first', () => {
  assert.equal(coordinateOrder(DUBLIN_LAT_LON), 'lat-lon');
  assert.equal(coordinateOrder([55.2, -7.3]), 'lat-lon');
});

test('0,0 is an unknown location, not a point in the sea', () => {
  assert.equal(coordinateOrder([0, 0]), 'unknown');
  assert.equal(toLatLon([0, 0]), undefined);
});

test('anything that is not a pair of finite numbers is unknown', () => {
  for (const value of [
    undefined,
    null,
    [],
    [1],
    [1, 2, 3],
    ['-6.2', '53.3'],
    [Number.NaN, 53],
    {},
    '53,-6',
  ]) {
    assert.equal(coordinateOrder(value), 'unknown', JSON.stringify(value));
  }
});

test('a point in Ireland in neither order is outside', () => {
  assert.equal(coordinateOrder([-0.1276, 51.5072]), 'outside'); // London
  assert.equal(coordinateOrder([53.3, 6.2]), 'outside'); // sign lost
  assert.equal(coordinateOrder([1, 1]), 'outside');
});

test('the range limits themselves count as Ireland', () => {
  assert.equal(coordinateOrder([-10.7, 51.4]), 'lon-lat');
  assert.equal(coordinateOrder([-5.4, 55.4]), 'lon-lat');
  assert.equal(coordinateOrder([-5.39, 55.4]), 'outside');
});

test('toLatLon reads either order and says when it swapped', () => {
  assert.deepEqual(toLatLon(DUBLIN_LON_LAT), { lat: 53.3498, lon: -6.2603, swapped: false });
  assert.deepEqual(toLatLon(DUBLIN_LAT_LON), { lat: 53.3498, lon: -6.2603, swapped: true });
  assert.equal(toLatLon([-0.1276, 51.5072]), undefined);
  assert.equal(toLatLon('nowhere'), undefined);
});
