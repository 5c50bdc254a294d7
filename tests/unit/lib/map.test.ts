import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  IRELAND_PATH,
  MAP_HEIGHT,
  MAP_WIDTH,
  formatPoint,
  irishPoint,
  isUnknownLocation,
  project,
} from '../../../src/lib/map.ts';

test('a [longitude, latitude] pair in Ireland is read as it is', () => {
  assert.deepEqual(irishPoint([-6.2719, 53.3431]), { longitude: -6.2719, latitude: 53.3431, swapped: false });
});

test('a [latitude, longitude] pair is recognised by Irish ranges and turned round', () => {
  assert.deepEqual(irishPoint([53.1389, -8.9367]), { longitude: -8.9367, latitude: 53.1389, swapped: true });
});

test('0,0 means an unknown location: no point, no dot', () => {
  assert.equal(irishPoint([0, 0]), undefined);
  assert.equal(isUnknownLocation([0, 0]), true);
  assert.equal(isUnknownLocation([-6, 53]), false);
});

test('points outside Ireland in either order, and malformed pairs, give no point', () => {
  for (const value of [
    [2.35, 48.85],
    [-74, 40.7],
    '53.3,-6.2',
    [53.3],
    [Number.NaN, 53],
    ['-6', '53'],
    null,
  ]) {
    assert.equal(irishPoint(value), undefined, JSON.stringify(value));
  }
});

test('a point is written with hemispheres', () => {
  assert.equal(
    formatPoint({ longitude: -6.2719, latitude: 53.3431, swapped: false }),
    '53.3431° N, 6.2719° W',
  );
});

test('Irish points fall inside the map and east lies to the right of west', () => {
  const dublin = project(-6.26, 53.35);
  const galway = project(-9.05, 53.27);
  const cork = project(-8.47, 51.9);
  for (const { x, y } of [dublin, galway, cork]) {
    assert.ok(x > 0 && x < MAP_WIDTH && y > 0 && y < MAP_HEIGHT);
  }
  assert.ok(dublin.x > galway.x);
  assert.ok(cork.y > dublin.y);
});

test('the outline is one closed path', () => {
  assert.match(IRELAND_PATH, /^M[\d. L]+Z$/);
});
