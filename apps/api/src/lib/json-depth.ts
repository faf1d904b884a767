const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x7b, 0x5b]); // { [
const CLOSERS = new Set([0x7d, 0x5d]); // } ]

/**
 * Whether JSON text nests objects and arrays deeper than `max`, found in one pass over the text
 * without parsing it (strings are skipped, escapes included). Invalid JSON may answer either way:
 * the parser refuses it next.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (OPENERS.has(c)) {
      depth++;
      if (depth > max) return true;
    } else if (CLOSERS.has(c)) {
      depth--;
    }
  }
  return false;
}
