// A benchmark run's figures for the report's tests: a machine, a load and settings that no test
// is about, and whatever the test gives.
import type { BenchmarkResults } from '../bench/figures.ts';

export function benchmarkResults(fields: Partial<BenchmarkResults>): BenchmarkResults {
  return {
    date: '2026-11-26T16:00:00.000Z',
    command: 'npm run bench',
    machine: { cpu: 'Test CPU', cores: 2, memoryBytes: 24 * 1024 ** 3, os: 'Linux', node: 'v24.0.0' },
    loadAverage: { start: 0.5, end: 1 },
    settings: { seed: 'orgdir', latencyMs: 20, jitterMs: 0, concurrency: 8 },
    sizes: [],
    targets: [],
    ...fields,
  };
}
