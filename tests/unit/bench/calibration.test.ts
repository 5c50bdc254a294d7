import assert from 'node:assert/strict';
import { test } from 'node:test';
import { calibrate, CALIBRATION_WORKLOAD } from '../../bench/calibration.ts';

test('the calibration times its fixed workload the number of runs asked, and says what it ran', () => {
  const calibration = calibrate(3);
  assert.equal(calibration.runs, 3);
  assert.equal(calibration.workload, CALIBRATION_WORKLOAD);
  // Hashing 16 MiB alone takes milliseconds on any machine: a figure of 0 would mean no work ran.
  assert.ok(calibration.medianMs > 1, `median ${calibration.medianMs} ms`);
});
