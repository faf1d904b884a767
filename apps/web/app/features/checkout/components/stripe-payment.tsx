import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useMemo, useState } from 'react';
import { STRIPE_MSG } from '../stripe-flow.ts';

/** What checkout calls on the Payment Element once Stripe.js is ready (stripe-flow.ts drives it). */
export interface StripeHandle {
  /** elements.submit(): the Payment Element checks its fields; what is wrong, or null. */
  submit(): Promise<string | null>;
  /** stripe.confirmPayment for this client secret: Stripe's message when it did not go through, or null. */
  confirm(clientSecret: string, returnUrl: string): Promise<string | null>;
}

/** One Stripe.js per publishable key for the life of the page (Stripe asks for exactly that). */
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(key: string): Promise<Stripe | null> {
  let stripe = loaded.get(key);
  if (!stripe) {
    stripe = loadStripe(key);
    loaded.set(key, stripe);
    // A failed load (offline, blocked) is not kept: the next checkout visit tries again.
    stripe.then(
      (s) => {
        if (!s) loaded.delete(key);
      },
      () => loaded.delete(key),
    );
  }
  return stripe;
}

/**
 * The card fields when Stripe takes the cards — Stripe's Payment Element, in its own chunk,
 * loaded only in Stripe mode. The card number never touches the shop's pages (the fields are Stripe's
 * frames: PCI SAQ A). Deferred-intent mode: the Element is shown with the quote's amount before any
 * order exists; the server makes the PaymentIntent when the order is placed.
 */
export const STRIPE_LOAD_FAILED =
  'The card form could not be loaded. Check your connection and reload the page, or choose Pay later.';

export function StripePayment({
  publishableKey,
  amount,
  onReady,
}: {
  publishableKey: string;
  /** The total in minor units of its currency (lower case). */
  amount: { minor: number; currency: string };
  /** The handle once Stripe.js and the Element are ready; null when they go away. */
  onReady: (handle: StripeHandle | null) => void;
}) {
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    let live = true;
    stripe.then(
      (s) => live && !s && setState('failed'),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, [stripe]);
  // The amount may change (shipping method, discount); Elements updates itself from new options.
  // Cards only: the order's payment method is `card`, as its PaymentIntent is.
  const options = useMemo(
    () => ({ mode: 'payment' as const, amount: amount.minor, currency: amount.currency, paymentMethodTypes: ['card'] }),
    [amount.minor, amount.currency],
  );
  if (state === 'failed') {
    return (
      <p role="alert" className="text-red-800 text-sm">
        {STRIPE_LOAD_FAILED}
      </p>
    );
  }
  return (
    <>
      {state === 'loading' ? (
        <p role="status" className="text-slate-700 text-sm">
          Loading the card form…
        </p>
      ) : null}
      <Elements stripe={stripe} options={options}>
        <PaymentElementWithHandle
          onReady={onReady}
          onShown={() => setState('ready')}
          onLoadError={() => setState('failed')}
        />
      </Elements>
    </>
  );
}

function PaymentElementWithHandle({
  onReady,
  onShown,
  onLoadError,
}: {
  onReady: (handle: StripeHandle | null) => void;
  onShown: () => void;
  onLoadError: () => void;
}) {
  const stripe = useStripe();
  const elements = useElements();

  useEffect(() => {
    if (!stripe || !elements) return;
    onReady({
      async submit() {
        const { error } = await elements.submit();
        return error ? (error.message ?? STRIPE_MSG.failed) : null;
      },
      async confirm(clientSecret, returnUrl) {
        const { error } = await stripe.confirmPayment({
          elements,
          clientSecret,
          confirmParams: { return_url: returnUrl },
          // Cards with 3-D Secure finish in Stripe's frame on this page; only a method that needs a full
          // page redirect leaves for return_url (/checkout/complete).
          redirect: 'if_required',
        });
        if (!error) return null;
        // A retry after a success whose answer was lost: the intent is already paid or on its way.
        const status = error.payment_intent?.status;
        if (status === 'succeeded' || status === 'processing' || status === 'requires_capture') return null;
        return error.message ?? STRIPE_MSG.failed;
      },
    });
    return () => onReady(null);
  }, [stripe, elements, onReady]);

  return <PaymentElement options={{ layout: 'tabs' }} onReady={onShown} onLoadError={onLoadError} />;
}
