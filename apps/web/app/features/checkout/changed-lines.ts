import { formatAmount } from '@shop/contracts/money';
import type { changedLine } from '@shop/contracts/orders';
import type { z } from 'zod';

/** A line whose price or stock moved since it went into the cart (the checkout's 409). */
export type ChangedLine = z.infer<typeof changedLine>;

/** Where checkout leaves the changed lines for the cart page to explain (this tab only). */
export const CHANGED_LINES_KEY = 'shop:cart-changes';

/** What moved, in the shopper's words. */
export function explainChange(line: ChangedLine): string {
  switch (line.reason) {
    case 'price_changed':
      if (line.expected_price === null || line.current_price === null) return `The price of ${line.name} changed`;
      return `The price of ${line.name} changed from ${formatAmount(line.expected_price)} to ${formatAmount(line.current_price)}`;
    case 'insufficient_stock':
      return `Only ${line.available} of ${line.name} left`;
    case 'unavailable':
      return `${line.name} is no longer available`;
  }
}

function isChangedLine(value: unknown): value is ChangedLine {
  const v = value as Partial<ChangedLine> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.name === 'string' &&
    (v.reason === 'price_changed' || v.reason === 'insufficient_stock' || v.reason === 'unavailable') &&
    typeof v.available === 'number' &&
    (v.expected_price === null || typeof v.expected_price === 'number') &&
    (v.current_price === null || typeof v.current_price === 'number')
  );
}

function session(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function saveChangedLines(lines: ChangedLine[]) {
  try {
    session()?.setItem(CHANGED_LINES_KEY, JSON.stringify(lines));
  } catch {
    // Storage full or blocked: the cart page then shows the new figures without the explanation.
  }
}

export function readChangedLines(): ChangedLine[] {
  try {
    const raw = session()?.getItem(CHANGED_LINES_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter(isChangedLine) : [];
  } catch {
    return [];
  }
}

export function clearChangedLines() {
  try {
    session()?.removeItem(CHANGED_LINES_KEY);
  } catch {
    // Nothing stored that could be removed.
  }
}
