/** At most this many words of a search reach the database; more add nothing a shopper would miss. */
export const MAX_SEARCH_WORDS = 16;

/**
 * The words of a shopper's search — runs of letters, digits and combining marks — as one plain text,
 * or undefined when there are none (such a search matches nothing). The database then parses words
 * only, never query syntax: PostgreSQL's web-search parser once failed on 33 dashes in a row
 * ("tsquery stack too small", a 500).
 */
export function searchWords(q: string): string | undefined {
  const words = q.match(/[\p{L}\p{N}\p{M}]+/gu)?.slice(0, MAX_SEARCH_WORDS);
  return words?.length ? words.join(' ') : undefined;
}
