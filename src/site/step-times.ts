// What each step of a site build took: wall and CPU seconds and the peak memory at its end, for
// the build's summary and the benchmark, and the step running, for the message when one fails.

/** What each step of a build took, and the step running. */
export interface StepTimes {
  /** Seconds (wall clock). */
  timings: Record<string, number>;
  /** CPU seconds of this process. */
  cpuTimings: Record<string, number>;
  /** The process's peak resident memory at the end of the step, in bytes. */
  peakMemory: Record<string, number>;
  /** Named in the message when a step cannot write (src/storage/write-failure.ts). */
  current: string;
}

/** Runs one step of the build, and notes what it took. */
export async function timed<T>(times: StepTimes, name: string, run: () => T | Promise<T>): Promise<T> {
  times.current = name;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const result = await run();
  const used = process.cpuUsage(cpu);
  times.timings[name] = Math.round(performance.now() - started) / 1000;
  times.cpuTimings[name] = Math.round((used.user + used.system) / 1000) / 1000;
  // maxRSS is in kilobytes.
  times.peakMemory[name] = process.resourceUsage().maxRSS * 1024;
  return result;
}

/**
 * Astro first bundles the pages (a cost that does not grow with the register), then renders them:
 * the bundle step's figures are split in two.
 */
export function separatePages(times: StepTimes, pages: { seconds: number; cpuSeconds: number }): void {
  const rounded = (value: number) => Math.round(value * 1000) / 1000;
  times.timings['bundle'] = rounded(times.timings['bundle']! - pages.seconds);
  times.cpuTimings['bundle'] = rounded(times.cpuTimings['bundle']! - pages.cpuSeconds);
  times.timings['pages'] = rounded(pages.seconds);
  times.cpuTimings['pages'] = rounded(pages.cpuSeconds);
  times.peakMemory['pages'] = times.peakMemory['bundle']!;
  delete times.peakMemory['bundle'];
}
