import { type CardBrand, type DemoCardInput, demoCardInput } from './orders.ts';

/**
 * The card checks the browser makes before a demo-mode order is sent. The number and the
 * security code never leave the browser: what passes these checks becomes `demoCardInput` (brand, last
 * 4, expiry, name), and that is all the shop's server ever sees of a card. (With Stripe, Stripe's
 * Payment Element checks the card itself.) Every check is linear in its input (ADR 011).
 */

export const CARD_MSG = {
  numberRequired: 'Card number is required',
  numberFormat: 'Card number must be 12 to 19 digits',
  invalidNumber: 'Your card number is invalid.',
  cvcRequired: 'CVC is required',
  cvcFormat: 'CVC must be 3 or 4 digits',
  invalidCvc: 'Your card’s security code is invalid.',
  expired: 'Your card has expired.',
} as const;

/** The number as typed, without the spaces and dashes cards are printed and pasted with. */
export const cardDigits = (typed: string): string => typed.replace(/[\s-]/g, '');

/** The Luhn checksum every card number carries (ISO/IEC 7812). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The brand from the number's issuer prefix; `card` when we do not know it. */
export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'card';
}

/** How many digits the security code of a brand has: four on the front of an Amex, three elsewhere. */
export const cvcLength = (brand: CardBrand): number => (brand === 'amex' ? 4 : 3);

/**
 * A card is good through the last day of its expiry month. Months are counted in UTC, as the shop's
 * server counts them, so the browser and the server never disagree about the same card at month end.
 */
export function cardExpired(expMonth: number, expYear: number, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expYear < year || (expYear === year && expMonth < month);
}

/** The card as the shopper typed it, with the expiry already read as a month and a year. */
export interface TypedCard {
  /** As typed: spaces and dashes allowed. */
  number: string;
  cvc: string;
  exp_month: number;
  exp_year: number;
  name: string;
}

export type CardField = 'number' | 'cvc' | 'expiry' | 'name';
export interface CardIssue {
  field: CardField;
  message: string;
}

export type CardCheck = { ok: true; card: DemoCardInput } | { ok: false; issues: CardIssue[] };

/** The number's own checks: present, 12–19 digits, Luhn. */
export function checkCardNumber(typed: string): { ok: true; digits: string; brand: CardBrand } | CardIssueOf {
  const digits = cardDigits(typed);
  if (!digits) return issue('number', CARD_MSG.numberRequired);
  if (!/^\d{12,19}$/.test(digits)) return issue('number', CARD_MSG.numberFormat);
  if (!luhnValid(digits)) return issue('number', CARD_MSG.invalidNumber);
  return { ok: true, digits, brand: cardBrand(digits) };
}

/** The security code's checks; its length for the brand only once the number told the brand. */
export function checkCvc(typed: string, brand: CardBrand | null): CardIssue | null {
  const cvc = typed.trim();
  if (!cvc) return { field: 'cvc', message: CARD_MSG.cvcRequired };
  if (!/^\d{3,4}$/.test(cvc)) return { field: 'cvc', message: CARD_MSG.cvcFormat };
  if (brand !== null && cvc.length !== cvcLength(brand)) return { field: 'cvc', message: CARD_MSG.invalidCvc };
  return null;
}

/**
 * Every check a gateway makes before it talks to the bank (now in the browser): number (Luhn),
 * security code length for the brand, expiry by `now`, and the name by the contract's rule. Answers
 * what the demo provider receives — brand and last 4 only — or every problem found, by field.
 */
export function checkCard(typed: TypedCard, now: Date): CardCheck {
  const issues: CardIssue[] = [];
  const number = checkCardNumber(typed.number);
  if (!number.ok) issues.push(number.issue);
  const cvc = checkCvc(typed.cvc, number.ok ? number.brand : null);
  if (cvc) issues.push(cvc);
  if (cardExpired(typed.exp_month, typed.exp_year, now)) issues.push({ field: 'expiry', message: CARD_MSG.expired });
  const card = demoCardInput.safeParse({
    brand: number.ok ? number.brand : 'card',
    last4: number.ok ? number.digits.slice(-4) : '0000',
    exp_month: typed.exp_month,
    exp_year: typed.exp_year,
    name: typed.name,
  });
  if (!card.success) {
    for (const i of card.error.issues) {
      const key = i.path[0];
      issues.push({ field: key === 'name' ? 'name' : 'expiry', message: i.message });
    }
  }
  if (issues.length > 0 || !card.success) return { ok: false, issues: firstPerField(issues) };
  return { ok: true, card: card.data };
}

type CardIssueOf = { ok: false; issue: CardIssue };
const issue = (field: CardField, message: string): CardIssueOf => ({ ok: false, issue: { field, message } });

/** One message per field, the first found (the form shows one under each field). */
function firstPerField(issues: CardIssue[]): CardIssue[] {
  const seen = new Set<CardField>();
  return issues.filter((i) => {
    if (seen.has(i.field)) return false;
    seen.add(i.field);
    return true;
  });
}

/** What the demo provider does with a card, decided by its last 4 digits. */
export type DemoCardOutcome = 'succeeds' | 'declined' | 'insufficient_funds' | 'requires_confirmation';

/**
 * The demo provider's test cards, the numbers every gateway's test mode knows. The provider sees only
 * the last 4 digits, so any valid number ending in these behaves the same; any other card succeeds.
 */
export const DEMO_TEST_CARDS = [
  { number: '4242 4242 4242 4242', last4: '4242', outcome: 'succeeds', says: 'succeeds' },
  { number: '4000 0000 0000 0002', last4: '0002', outcome: 'declined', says: 'is declined' },
  {
    number: '4000 0000 0000 9995',
    last4: '9995',
    outcome: 'insufficient_funds',
    says: 'is declined for insufficient funds',
  },
  {
    number: '4000 0025 0000 3155',
    last4: '3155',
    outcome: 'requires_confirmation',
    says: 'asks you to confirm the payment with your bank',
  },
] as const satisfies readonly { number: string; last4: string; outcome: DemoCardOutcome; says: string }[];

/** The demo provider's decision for a card with these last 4 digits. */
export function demoCardOutcome(last4: string): DemoCardOutcome {
  return DEMO_TEST_CARDS.find((c) => c.last4 === last4)?.outcome ?? 'succeeds';
}
