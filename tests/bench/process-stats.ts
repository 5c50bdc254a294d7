// What /proc (Linux) tells of another process: the peak memory of a process and its children
// together, polled, so that a stage that hands work to a child does not look smaller than it
// is; and the CPU time of a process the benchmark did not measure from inside.
import { readdirSync, readFileSync } from 'node:fs';

/** Resident bytes from the text of /proc/PID/status (its VmRSS line, in kB); 0 without one. */
export function residentBytesOf(status: string): number {
  const match = /^VmRSS:\s+(\d+) kB/m.exec(status);
  return match === null ? 0 : Number(match[1]) * 1024;
}

/**
 * The fields of /proc/PID/stat after the command name (field 3 on): the name is in parentheses and
 * may hold spaces and parentheses of its own.
 */
function statFieldsAfterName(stat: string): string[] {
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/**
 * User plus system CPU seconds from the text of /proc/PID/stat: fields 14 and 15, in clock ticks
 * of 1/100 s.
 */
export function cpuSecondsOf(stat: string): number {
  const fields = statFieldsAfterName(stat);
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * User plus system CPU seconds of a process's children that have ended and been waited for (and
 * of theirs, each waited for in turn), from the text of /proc/PID/stat: fields 16 and 17.
 */
export function childrenCpuSecondsOf(stat: string): number {
  const fields = statFieldsAfterName(stat);
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** CPU and peak memory of this process, from `process.resourceUsage()`. */
export interface ProcessUsage {
  cpuSeconds: number;
  peakRssBytes: number;
}

/** Microseconds of CPU to seconds, and the peak resident set from kilobytes (as Linux reports it) to bytes. */
export function usageOf(
  used: Pick<NodeJS.ResourceUsage, 'userCPUTime' | 'systemCPUTime' | 'maxRSS'>,
): ProcessUsage {
  return { cpuSeconds: (used.userCPUTime + used.systemCPUTime) / 1e6, peakRssBytes: used.maxRSS * 1024 };
}

function residentBytes(pid: number): number {
  try {
    return residentBytesOf(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return 0;
  }
}

/** The process ids of `pid`'s children now, from each of its threads' children file. */
export function childrenOf(pid: number): number[] {
  const children: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const text = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (text !== '') children.push(...text.split(/\s+/).map(Number));
    }
  } catch {
    // The process ended between two reads.
  }
  return children;
}

/** Resident memory of `pid` and every process below it, now. */
export function treeResidentBytes(pid: number): number {
  let total = 0;
  const pending = [pid];
  while (pending.length > 0) {
    const next = pending.pop()!;
    total += residentBytes(next);
    pending.push(...childrenOf(next));
  }
  return total;
}

/** Samples the tree's memory every `intervalMs` until stopped; `stop()` gives the largest sample. */
export function watchTreeMemory(pid: number, intervalMs = 100): { stop: () => number } {
  let peak = treeResidentBytes(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, treeResidentBytes(pid));
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

/** User and system CPU seconds of `pid` so far (clock ticks of 1/100 s, as Linux counts them). */
export function processCpuSeconds(pid: number): number {
  try {
    return cpuSecondsOf(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return Number.NaN;
  }
}
