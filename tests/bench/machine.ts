// What the figures were measured on: they mean little without the machine and its load.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import type { MachineDescription } from './figures.ts';

/** "Debian GNU/Linux 13 (trixie)" from /etc/os-release, or the kernel's name and release. */
function operatingSystem(): string {
  try {
    const release = readFileSync('/etc/os-release', 'utf8');
    const pretty = /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(release)?.[1];
    if (pretty !== undefined) return `${pretty}, ${os.type()} ${os.release()}`;
  } catch {
    // Not Linux, or no os-release: the kernel's own description is enough.
  }
  return `${os.type()} ${os.release()}`;
}

export function describeMachine(): MachineDescription {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: os.availableParallelism(),
    memoryBytes: os.totalmem(),
    os: operatingSystem(),
    node: process.version,
  };
}

/** The one-minute load average, rounded: the number of processes wanting a core. */
export function loadAverage(): number {
  return Math.round((os.loadavg()[0] ?? 0) * 100) / 100;
}
