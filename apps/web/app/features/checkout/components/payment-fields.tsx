import { DEMO_TEST_CARDS } from '@shop/contracts/cards';
import type { ReactNode } from 'react';
import { type Control, type FieldErrors, type UseFormRegister, useController } from 'react-hook-form';
import { Input } from '../../../components/ui/input.tsx';
import { LabelledField } from '../../../components/ui/labelled-field.tsx';
import { formatCardNumber, formatExpiryInput } from '../card-input.ts';
import type { CardProvider, CheckoutValues, PaymentMethod } from '../checkout-form.ts';

export const NO_CARDS_NOTE =
  'Card payments are not available in this shop at the moment, so orders are paid by invoice.';
export const NO_PAYMENT_NOTE =
  'This shop cannot take orders yet: it has no way to pay set up. Please come back later or contact us.';

/**
 * Payment: a card — through the demo provider's fields here, or Stripe's Payment
 * Element (`stripeElement`, loaded by checkout only in Stripe mode) — or pay later by an invoice due in
 * the store's number of days (a guest: within the store's guest hold). Without a card
 * provider only pay later is offered, and the page says why; pay later only once the store has saved its
 * bank details (`payLater` null otherwise). With neither, the page says that no order can be placed.
 */
export function PaymentFields({
  idPrefix,
  method,
  payLater,
  cardProvider,
  register,
  control,
  errors,
  stripeElement,
}: {
  idPrefix: string;
  method: PaymentMethod;
  /** How long the shopper has to pay, and whether the order is cancelled when unpaid by then (guests); null: not offered. */
  payLater: { term: string; cancelledUnpaid: boolean } | null;
  cardProvider: CardProvider;
  register: UseFormRegister<CheckoutValues>;
  control: Control<CheckoutValues>;
  errors: FieldErrors<CheckoutValues>;
  stripeElement: ReactNode;
}) {
  if (!cardProvider && !payLater) {
    return (
      <p role="alert" className="text-slate-800 text-sm" data-testid="no-payment-note">
        {NO_PAYMENT_NOTE}
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        {cardProvider ? (
          <MethodOption id={`${idPrefix}-pay-card`} value="card" register={register} title="Card">
            Visa, Mastercard, American Express, Discover
          </MethodOption>
        ) : null}
        {payLater ? (
          <MethodOption id={`${idPrefix}-pay-later`} value="pay_later" register={register} title="Pay later">
            By invoice, due in {payLater.term}
          </MethodOption>
        ) : null}
      </div>
      {cardProvider ? null : (
        <p className="text-slate-700 text-sm" data-testid="no-cards-note">
          {NO_CARDS_NOTE}
        </p>
      )}

      {method === 'card' && cardProvider === 'demo' ? (
        <DemoCardFields idPrefix={idPrefix} register={register} control={control} errors={errors} />
      ) : method === 'card' && cardProvider === 'stripe' ? (
        <div data-testid="stripe-payment">{stripeElement}</div>
      ) : payLater ? (
        <p className="rounded-md bg-slate-50 p-3 text-slate-700 text-sm" data-testid="pay-later-note">
          We send an invoice with your order confirmation. Pay it within {payLater.term} of your order.
          {payLater.cancelledUnpaid ? ' A guest order still unpaid then is cancelled.' : ''}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The demo provider's card fields, as a shopper knows them. The number and the security code
 * are checked here and never leave the browser — their inputs have no `name`, so no form submission can
 * carry them, and the order body gets only brand and last 4 (checkout-form.ts `paymentBody`).
 */
function DemoCardFields({
  idPrefix,
  register,
  control,
  errors,
}: {
  idPrefix: string;
  register: UseFormRegister<CheckoutValues>;
  control: Control<CheckoutValues>;
  errors: FieldErrors<CheckoutValues>;
}) {
  const card = errors.card;
  const number = useController({ control, name: 'card.number' }).field;
  const cvc = useController({ control, name: 'card.cvc' }).field;
  const expiry = register('card.expiry');
  const hintId = `${idPrefix}-card-hint`;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <LabelledField
        id={`${idPrefix}-card-number`}
        label="Card number"
        error={card?.number?.message}
        className="sm:col-span-2"
      >
        {(props) => (
          <Input
            {...props}
            aria-describedby={[props['aria-describedby'], hintId].filter(Boolean).join(' ')}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            ref={number.ref}
            value={number.value}
            onBlur={number.onBlur}
            onChange={(event) => number.onChange(formatCardNumber(event.target.value))}
          />
        )}
      </LabelledField>
      <LabelledField id={`${idPrefix}-card-expiry`} label="Expiry date (MM/YY)" error={card?.expiry?.message}>
        {(props) => (
          <Input
            {...props}
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
        {(props) => (
          <Input
            {...props}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            ref={cvc.ref}
            value={cvc.value}
            onBlur={cvc.onBlur}
            onChange={(event) => cvc.onChange(event.target.value)}
          />
        )}
      </LabelledField>
      <LabelledField
        id={`${idPrefix}-card-name`}
        label="Name on card"
        error={card?.name?.message}
        className="sm:col-span-2"
      >
        {(props) => <Input {...props} autoComplete="cc-name" {...register('card.name')} />}
      </LabelledField>
      <div id={hintId} className="rounded-md bg-slate-50 p-3 text-slate-700 text-sm sm:col-span-2">
        <p className="font-medium text-slate-900">Test mode: no real card is charged.</p>
        <ul className="mt-1 space-y-0.5">
          {DEMO_TEST_CARDS.map((c) => (
            <li key={c.number}>
              <span className="font-mono">{c.number}</span> {c.says}
            </li>
          ))}
        </ul>
        <p className="mt-1">
          Use any future expiry date and any 3-digit CVC (4 digits on an American Express). Only the card’s brand and
          last 4 digits are sent to the shop.
        </p>
      </div>
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
