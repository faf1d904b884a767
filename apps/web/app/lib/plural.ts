/**
 * Counted nouns in the shop's language: "1 order", "2 orders", "1,234 products".
 * The form comes from Intl.PluralRules, the number from Intl.NumberFormat, both fixed to en-US so the
 * server and every browser print the same text (no hydration mismatch).
 */
const rules = new Intl.PluralRules('en-US');
const numbers = new Intl.NumberFormat('en-US');

/** The count, formatted, and the noun in the form the count calls for: `plural(2, 'order', 'orders')`. */
export function plural(count: number, one: string, other: string): string {
  return `${numbers.format(count)} ${pluralNoun(count, one, other)}`;
}

/** A count as the shop writes numbers: `1,234`. */
export function formatCount(count: number): string {
  return numbers.format(count);
}

/** Only the noun, for text that shows the count apart (in its own element). */
export function pluralNoun(count: number, one: string, other: string): string {
  return rules.select(count) === 'one' ? one : other;
}
