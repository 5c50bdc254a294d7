// Sizes in bytes, written for people and read from them: the one formatter and the one parser.

/** A mebibyte: hosts state some limits in binary units ("25 MiB per file"). */
export const MIB = 1024 * 1024;

/**
 * How a size is written:
 * - `file`: a file's size as a reader sees it beside a link, in decimal units as file managers
 *   show them, to two or three figures: "999 bytes", "1.5 kB", "223 MB".
 * - `limit`: a size set beside a host's limit, as hosts state them, one decimal at most and a
 *   whole number of MiB in MiB: "999 B", "492.1 MB", "1 GB", "25 MiB". A site's size and the
 *   limit it is judged against are both written so, so that "1.2 GB is over its 1 GB" compares
 *   like with like.
 */
export type ByteStyle = 'file' | 'limit';

/** `bytes` in decimal units (kB, MB, GB, TB), in the `style` given (default `file`). */
export function formatBytes(bytes: number, style: ByteStyle = 'file'): string {
  if (style === 'limit' && bytes % MIB === 0 && bytes >= MIB && bytes % 1_000_000 !== 0) {
    return `${bytes / MIB} MiB`;
  }
  if (bytes < 1000) return style === 'limit' ? `${bytes} B` : `${bytes} bytes`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const figures =
    style === 'limit' ? value.toFixed(1).replace(/\.0$/, '') : value.toFixed(value < 10 ? 1 : 0);
  return `${figures} ${units[unit]}`;
}

/**
 * A size as a publisher writes it: "1GB", "500 MB", "750MiB", or plain bytes. Throws a RangeError
 * on anything else.
 */
export function parseSize(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(B|kB|KB|MB|GB|KiB|MiB|GiB)?\s*$/i.exec(text);
  if (!match) throw new RangeError(`not a size: ${text} (e.g. 1GB, 500MB or a number of bytes)`);
  const units: Record<string, number> = {
    b: 1,
    kb: 1e3,
    mb: 1e6,
    gb: 1e9,
    kib: 1024,
    mib: MIB,
    gib: 1024 * MIB,
  };
  const bytes = Math.round(Number(match[1]) * (units[(match[2] ?? 'b').toLowerCase()] ?? 1));
  if (bytes <= 0) throw new RangeError(`a size must be more than nothing (got ${text})`);
  return bytes;
}
