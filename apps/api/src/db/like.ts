/** `%`, `_` and `\` match themselves in a LIKE pattern built from what staff typed. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `%…%` for ILIKE: the text anywhere, its pattern characters escaped. */
export const containsPattern = (text: string) => `%${likeEscape(text)}%`;
