// The text of one index file, written by the builder and read back by the search worker when it
// fetches the file itself over http(s): a classic script that calls INDEX_PART_FUNCTION with the
// part's name, the index's build and the part's JSON text in a string literal. From file://, the
// page runs the same text as a script instead (docs/search.md).
import { INDEX_PART_FUNCTION } from './options.ts';

/** A part as its file delivers it. */
export interface DeliveredPart {
  name: string;
  build: string;
  /** The part's JSON text. */
  text: string;
}

/** The script of one index file. */
export function partScript(name: string, build: string, payload: string): string {
  // In single quotes, JSON's own double quotes need no escaping; escaping everything beyond
  // ASCII makes the file immune to whatever charset a host declares.
  const literal = payload
    .replace(/[\\']/g, (character) => `\\${character}`)
    .replace(
      /[\u007f-\uffff]/g,
      (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
  return `${INDEX_PART_FUNCTION}(${JSON.stringify(name)},${JSON.stringify(build)},'${literal}');\n`;
}

/** How `partScript`'s text starts: the call, with its name and build as JSON strings; then the literal. */
const PART_HEAD = new RegExp(`^${INDEX_PART_FUNCTION}\\(("[^"\\\\]*"),("[0-9a-f]*"),'`);

const PART_TAIL = "');\n";

/** The escapes `partScript` writes; a backslash before anything else, or a bare quote, is not its. */
const ESCAPE = /\\(u[0-9a-f]{4}|[\\'])|[\\']/g;

/**
 * What a script written by `partScript` delivers, read without running it (a worker's policy
 * may forbid eval); undefined for any other text.
 */
export function deliveredPart(script: string): DeliveredPart | undefined {
  const head = PART_HEAD.exec(script);
  if (!head || !script.endsWith(PART_TAIL) || script.length < head[0].length + PART_TAIL.length)
    return undefined;
  const [call, name, build] = head as unknown as [string, string, string];
  let written = true;
  const text = script.slice(call.length, -PART_TAIL.length).replace(ESCAPE, (_escape, escaped?: string) => {
    if (escaped === undefined) written = false;
    else if (escaped.length === 1) return escaped;
    else return String.fromCharCode(Number.parseInt(escaped.slice(1), 16));
    return '';
  });
  return written ? { name: JSON.parse(name) as string, build: JSON.parse(build) as string, text } : undefined;
}
