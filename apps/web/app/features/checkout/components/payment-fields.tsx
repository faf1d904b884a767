import type { ReactNode } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Input } from '../../../components/ui/input.tsx';
import { LabelledField } from '../../../components/ui/labelled-field.tsx';
import { formatCardNumber, formatExpiryInput, TEST_CARDS } from '../card-input.ts';
import type { CheckoutValues, PaymentMethod } from '../checkout-form.ts';

/**
 * Payment (issue 4): a card through the built-in test provider, or pay later by an invoice due in
 * the store's number of days (a guest: within the store's guest hold, issue 10 point 3).
 */
export function PaymentFields({
  idPrefix,
  method,
  payLater,
  register,
  errors,
}: {
  idPrefix: string;
  method: PaymentMethod;
  /** How long the shopper has to pay, and whether the order is cancelled when unpaid by then (guests). */
  payLater: { term: string; cancelledUnpaid: boolean };
  register: UseFormRegister<CheckoutValues>;
  errors: FieldErrors<CheckoutValues>;
}) {
  const card = errors.card;
  const number = register('card.number');
  const expiry = register('card.expiry');
  const hintId = `${idPrefix}-card-hint`;
  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <MethodOption id={`${idPrefix}-pay-card`} value="card" register={register} title="Card">
          Visa, Mastercard, American Express, Discover
        </MethodOption>
        <MethodOption id={`${idPrefix}-pay-later`} value="pay_later" register={register} title="Pay later">
          By invoice, due in {payLater.term}
        </MethodOption>
      </div>

      {method === 'card' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <LabelledField
            id={`${idPrefix}-card-number`}
            label="Card number"
            error={card?.number?.message}
            className="sm:col-span-2"
          >
            {(control) => (
              <Input
                {...control}
                aria-describedby={[control['aria-describedby'], hintId].filter(Boolean).join(' ')}
                inputMode="numeric"
                autoComplete="cc-number"
                placeholder="1234 1234 1234 1234"
                {...number}
                onChange={(event) => {
                  event.target.value = formatCardNumber(event.target.value);
                  return number.onChange(event);
                }}
              />
            )}
          </LabelledField>
          <LabelledField id={`${idPrefix}-card-expiry`} label="Expiry date (MM/YY)" error={card?.expiry?.message}>
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                autoComplete="cc-exp"
                placeholder="MM/YY"
                maxLength={7}
                {...expiry}
                onChange={(event) => {
                  event.target.value = formatExpiryInput(event.target.value);
                  return expiry.onChange(event);
                }}
              />
            )}
          </LabelledField>
          <LabelledField id={`${idPrefix}-card-cvc`} label="CVC" error={card?.cvc?.message}>
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                autoComplete="cc-csc"
                placeholder="123"
                maxLength={4}
                {...register('card.cvc')}
              />
            )}
          </LabelledField>
          <LabelledField
            id={`${idPrefix}-card-name`}
            label="Name on card"
            error={card?.name?.message}
            className="sm:col-span-2"
          >
            {(control) => <Input {...control} autoComplete="cc-name" {...register('card.name')} />}
          </LabelledField>
          <div id={hintId} className="rounded-md bg-slate-50 p-3 text-slate-700 text-sm sm:col-span-2">
            <p className="font-medium text-slate-900">Test mode: no real card is charged.</p>
            <ul className="mt-1 space-y-0.5">
              {TEST_CARDS.map((c) => (
                <li key={c.number}>
                  <span className="font-mono">{c.number}</span> {c.outcome}
                </li>
              ))}
            </ul>
            <p className="mt-1">Use any future expiry date and any 3-digit CVC.</p>
          </div>
        </div>
      ) : (
        <p className="rounded-md bg-slate-50 p-3 text-slate-700 text-sm" data-testid="pay-later-note">
          We send an invoice with your order confirmation. Pay it within {payLater.term} of your order.
          {payLater.cancelledUnpaid ? ' A guest order still unpaid then is cancelled.' : ''}
        </p>
      )}
    </div>
  );
}

function MethodOption({
  id,
  value,
  title,
  children,
  register,
}: {
  id: string;
  value: PaymentMethod;
  title: string;
  children: ReactNode;
  register: UseFormRegister<CheckoutValues>;
}) {
  return (
    <label
      htmlFor={id}
      className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-300 p-3 has-[:checked]:border-slate-900 has-[:checked]:bg-slate-50"
    >
      <input id={id} type="radio" value={value} className="mt-1 accent-slate-900" {...register('payment_method')} />
      <span className="text-sm">
        <span className="block font-medium text-slate-900">{title}</span>
        <span className="block text-slate-700">{children}</span>
      </span>
    </label>
  );
}
