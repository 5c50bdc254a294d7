// What /proc (Linux) tells of another process: the peak memory of a process and its children
// together, polled, so that a stage that hands work to a child does not look smaller than it
// is; and the CPU time of a process the benchmark did not measure from inside.
import { readdirSync, readFileSync } from 'node:fs';

function residentBytes(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match === null ? 0 : Number(match[1]) * 1024;
  } catch {
    return 0;
  }
}

function childrenOf(pid: number): number[] {
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
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}
