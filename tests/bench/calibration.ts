// A fixed CPU workload timed on the machine that takes the figures. The same commit measured on
// two days on machines of one kind differed by 2–3× in absolute time; a figure divided by this
// one can be compared across days, and a report that gives both says how fast the machine was.
import { createHash } from 'node:crypto';
import { median } from './statistics.ts';

/** What one run of the workload does, as the report states it. */
export const CALIBRATION_WORKLOAD =
  'SHA-256 of 16 MiB, a sort of 200,000 numbers and a JSON round trip of 20,000 small objects';

/** A deterministic sequence (a linear congruential generator): the same work on every run. */
function numbers(count: number): Float64Array {
  const values = new Float64Array(count);
  let state = 12345;
  for (let index = 0; index < count; index += 1) {
    state = (state * 1103515245 + 12345) % 2147483648;
    values[index] = state / 2147483648;
  }
  return values;
}

/** One run of the workload; returns a digest so that no part of it can be optimised away. */
function workload(): string {
  const hash = createHash('sha256');
  const block = Buffer.alloc(1024 * 1024, 7);
  for (let index = 0; index < 16; index += 1) hash.update(block);
  const sorted = [...numbers(200_000)].sort((a, b) => a - b);
  const objects = Array.from({ length: 20_000 }, (_, index) => ({
    id: index,
    name: `organisation ${index}`,
    amount: sorted[index]!,
  }));
  const copy = JSON.parse(JSON.stringify(objects)) as typeof objects;
  return `${hash.digest('hex')}:${copy.length}:${sorted[0]}`;
}

export interface Calibration {
  workload: string;
  /** The median of `runs` timed runs, after one untimed run that warms the code. */
  medianMs: number;
  runs: number;
}

export function calibrate(runs = 7): Calibration {
  workload();
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    workload();
    times.push(performance.now() - started);
  }
  return { workload: CALIBRATION_WORKLOAD, medianMs: Math.round(median(times) * 10) / 10, runs };
}
