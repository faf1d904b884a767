const rules = new Intl.PluralRules('en-US');
const numbers = new Intl.NumberFormat('en-US');

/**
 * A count with its noun in the right form: `plural(1, 'order', 'orders')` is "1 order",
 * `plural(1234, 'order', 'orders')` is "1,234 orders" (issue 11 point 13). English has two forms;
 * Intl.PluralRules decides which one a number takes (0 and 1.5 take "other").
 */
export function plural(count: number, one: string, other: string): string {
  return `${numbers.format(count)} ${rules.select(count) === 'one' ? one : other}`;
}
