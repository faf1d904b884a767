import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { failureMessage } from '../../../lib/http.ts';
import { sessionStore, syncSessionFromStorage } from '../../auth/index.ts';
import { syncPayment } from '../api/sync-payment.ts';
import { finishOrder } from '../finish-order.ts';
import { readReturn, STRIPE_MSG } from '../stripe-flow.ts';

export const COMPLETE_MSG = {
  incomplete: 'This payment link is incomplete, so we cannot tell how your payment went.',
  notPaid: 'Your payment did not go through.',
} as const;

type State = { state: 'checking' } | { state: 'failed'; message: string };

/**
 * /checkout/complete: Stripe's return after a 3-D Secure page of its own. The query carries
 * the order and the PaymentIntent's client secret; the shop asks Stripe (sync-payment) and only its
 * answer counts — paid: the confirmation page; not paid: Stripe's reason and the way back to checkout,
 * where the cart is still as it was.
 */
export function CompletePaymentView() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ state: 'checking' });
  const asked = useRef(false);

  useEffect(() => {
    // Once per visit: a second render must not ask twice (the answer would be the same, but it costs a call).
    if (asked.current) return;
    asked.current = true;
    const back = readReturn(search);
    if (!back) {
      setState({ state: 'failed', message: COMPLETE_MSG.incomplete });
      return;
    }
    syncPayment(back.orderId, back.clientSecret).then(
      (order) => {
        if (order.status === 'awaiting_payment') {
          setState({ state: 'failed', message: order.payment.failure_message ?? COMPLETE_MSG.notPaid });
          return;
        }
        if (order.status === 'cancelled') {
          setState({ state: 'failed', message: STRIPE_MSG.cancelled });
          return;
        }
        // Read now, not at render: this page may have opened before the stored session was read.
        syncSessionFromStorage();
        const session = sessionStore.getState();
        finishOrder(order, session.isAuthenticated ? (session.user?.id ?? null) : null);
        navigate('/checkout/confirmation', { replace: true });
      },
      async (failure: unknown) =>
        setState({ state: 'failed', message: await failureMessage(failure, STRIPE_MSG.syncFailed) }),
    );
  }, [search, navigate]);

  if (state.state === 'checking') {
    return (
      <div role="status" aria-live="polite" className="rounded-lg border border-slate-200 p-8 text-center">
        <h1 className="font-bold text-2xl">Checking your payment…</h1>
        <p className="mt-2 text-slate-700">This takes a moment. Please keep this page open.</p>
      </div>
    );
  }
  return (
    <section className="rounded-lg border border-slate-200 p-8 text-center">
      <h1 className="font-bold text-2xl">Your payment is not complete</h1>
      <p role="alert" className="mt-2 text-red-800">
        {state.message}
      </p>
      <p className="mt-2 text-slate-700">Nothing has been charged. Go back to checkout to try again.</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/checkout" className={buttonVariants()}>
          Back to checkout
        </Link>
        <Link to="/cart" className={buttonVariants({ variant: 'outline' })}>
          View your cart
        </Link>
      </div>
    </section>
  );
}
