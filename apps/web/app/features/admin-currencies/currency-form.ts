import type { Rounding } from '@shop/contracts/currency';
import type { CurrencySettingsAnswer, CurrencySettingsBody } from '@shop/contracts/currency-settings';
import { issuePath, placeIssues, type WireIssue } from '../admin/index.ts';

/**
 * The currencies editor's form and the wire (docs/adr/050-currencies.md): rates are typed as text and
 * turned into the contract's numbers only on save, so a blank or half-typed rate reaches the contract and
 * is named there. A complaint about the wire's path (from the browser's check or the API's answer) is
 * placed on the field that shows it.
 */

export interface PresentmentValues {
  /** Empty: not chosen yet. */
  code: string;
  /** Units of this currency one unit of the base buys, as typed. */
  rate: string;
  rounding: Rounding;
  countries: string[];
}

export interface CurrencyFormValues {
  base: string;
  presentment: PresentmentValues[];
}

/** How each rounding rule reads, with what it makes of 21.37. */
export const ROUNDING_LABELS: Record<Rounding, string> = {
  none: 'No rounding (21.37)',
  whole: 'Whole units (21.00)',
  charm: 'Ending in .99 (21.99)',
};

export const newPresentment = (): PresentmentValues => ({ code: '', rate: '', rounding: 'none', countries: [] });

/** A number typed in a field; blank is NaN, which the contract names ("The rate must be a number"). */
const num = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The currencies as saved, as the form edits them. */
export function formValuesOf(answer: CurrencySettingsAnswer): CurrencyFormValues {
  return {
    base: answer.base.code,
    presentment: answer.presentment.map((c) => ({
      code: c.code,
      rate: String(c.rate),
      rounding: c.rounding,
      countries: [...c.countries],
    })),
  };
}

/** The save as PUT /api/admin/currencies takes it, before the contract checks it. */
export function settingsOf(values: CurrencyFormValues): CurrencySettingsBody {
  return {
    base: values.base,
    presentment: values.presentment.map((c) => ({
      code: c.code,
      rate: num(c.rate),
      rounding: c.rounding,
      countries: [...c.countries],
    })),
  };
}

const ROW_FIELDS: Record<string, keyof PresentmentValues> = {
  code: 'code',
  rate: 'rate',
  rounding: 'rounding',
  countries: 'countries',
};

/**
 * The form field a complaint about `path` belongs on (a react-hook-form name), or null when no field
 * shows it. A complaint about the whole list goes on its `root`, one about a whole row on its currency,
 * one about a single country on the row's countries.
 */
export function fieldOf(path: WireIssue['path'], values: CurrencyFormValues): string | null {
  const [top, i, key] = issuePath(path);
  if (top === 'base') return i === undefined ? 'base' : null;
  if (top !== 'presentment') return null;
  if (i === undefined) return 'presentment.root';
  if (typeof i !== 'number' || !values.presentment[i]) return null;
  if (key === undefined) return `presentment.${i}.code`;
  const field = typeof key === 'string' && Object.hasOwn(ROW_FIELDS, key) ? ROW_FIELDS[key] : undefined;
  return field ? `presentment.${i}.${field}` : null;
}

/** The API's or the contract's complaints, each on the field of these values it names. */
export const placeIssuesOn = (issues: readonly WireIssue[], values: CurrencyFormValues) =>
  placeIssues(issues, (path) => fieldOf(path, values));
