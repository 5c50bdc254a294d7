// The bound on a page's longest main-thread task in the browser tests: 200 ms on a machine as fast
// as the benchmark's on the day of its calibration (docs/performance.md, "Targets and the latest figures"). A machine busy with other
// work when the test runs is given the time its slowness asks for, measured by the same fixed
// workload, so that the bound still tells a page that blocks from a machine that is slow.
import { calibrate } from '../bench/calibration.ts';

const QUIET_CALIBRATION_MS = 225.6;
const LONG_TASK_MS = 200;

/** The longest task a page may run on this machine now, in milliseconds. */
export function longTaskBoundMs(): number {
  return LONG_TASK_MS * Math.max(1, calibrate(3).medianMs / QUIET_CALIBRATION_MS);
}
