import { zodResolver } from '@hookform/resolvers/zod';
import { type SavedAddress, savedAddressProblem } from '@shop/contracts/account';
import { addressOneLine } from '@shop/contracts/address-format';
import { formatAmountIn } from '@shop/contracts/currency';
import { placeOrderFailure } from '@shop/contracts/failures';
import type { Address, Order, PlaceOrderBody } from '@shop/contracts/orders';
import { useQuery } from '@tanstack/react-query';
import { ShoppingCart } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useId, useReducer, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FormAlert } from '../../../components/ui/form-message.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { LabelledField } from '../../../components/ui/labelled-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { apiFailureOf } from '../../../lib/api-error.ts';
import { chosenCurrency } from '../../../lib/currency-cookie.ts';
import { failureMessage } from '../../../lib/http.ts';
import { loadable, useLoadable } from '../../../lib/lazy-island.ts';
import { useShopperCurrency } from '../../../lib/shopper-currency.ts';
// The form's queries use the tab's one client, which the root provides once this module has loaded.
import '../../../lib/query-client.ts';
import { loginHref } from '../../../lib/safe-next.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useSession } from '../../auth/index.ts';
import { type LocalCartItem, loadCartSync, useCart } from '../../cart/index.ts';
import { confirmPayment } from '../api/confirm-payment.ts';
import { savedAddressesQueryOptions } from '../api/get-saved-addresses.ts';
import { placeOrder } from '../api/place-order.ts';
import { syncPayment } from '../api/sync-payment.ts';
import { type ChangedLine, saveChangedLines } from '../changed-lines.ts';
import {
  type CardProvider,
  type CheckoutContext,
  type CheckoutValues,
  checkoutBody,
  checkoutFormSchema,
  defaultCheckoutValues,
  knownShippingAddress,
  paymentBody,
  paymentMethods,
  quoteBody,
} from '../checkout-form.ts';
import {
  addressChoice,
  awaitingOrder,
  CHECKOUT_MSG,
  checkoutReducer,
  initialCheckoutState,
  pendingStripeOrder,
} from '../checkout-state.ts';
import { explainFailure } from '../explain-failure.ts';
import { finishOrder } from '../finish-order.ts';
import { type PayLaterSettings, payLaterTerm } from '../pay-later-term.ts';
import { methodToTake, shippingChoice } from '../shipping.ts';
import { completeReturnUrl, elementAmount, payWithStripe, STRIPE_MSG } from '../stripe-flow.ts';
import { useQuote } from '../use-quote.ts';
import { AddressFields } from './address-fields.tsx';
import { CheckoutSummary } from './checkout-summary.tsx';
import { ConfirmPaymentDialog } from './confirm-payment-dialog.tsx';
import { PaymentFields } from './payment-fields.tsx';
import { ShippingMethods } from './shipping-methods.tsx';
import type { StripeHandle } from './stripe-payment.tsx';
import { VatNumberField } from './vat-number-field.tsx';

/** What checkout reads from the store settings and the shop's environment (server loader, docs/architecture.md §3). */
export interface CheckoutSettings extends PayLaterSettings {
  storeName: string;
  /**
   * Who takes cards (null: nobody), Stripe's publishable key in Stripe mode, and whether pay later is
   * offered (the store has saved its bank details).
   */
  payments: { card: CardProvider; stripePublishableKey: string | null; payLater: boolean };
}

/** Stripe's Payment Element: its own chunk, loaded only when Stripe takes the cards (docs/architecture.md §9 budget). */
const stripePayment = loadable(() => import('./stripe-payment.tsx').then((m) => m.StripePayment));

/**
 * /checkout: the cart and the session live in the browser, so the server renders the
 * loading screen and the form appears after hydration, once the cart is read (and, signed in, the
 * server cart is in).
 */
export function CheckoutView({ settings }: { settings: CheckoutSettings }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const userId = useSession((s) => (s.isAuthenticated ? (s.user?.id ?? null) : null));
  const userEmail = useSession((s) => (s.isAuthenticated ? (s.user?.email ?? '') : ''));
  const loaded = useCart((s) => s.loaded);
  const items = useCart((s) => s.items);
  const [synced, setSynced] = useState(false);
  const [placed, setPlaced] = useState(false);

  useEffect(() => {
    let live = true;
    // Signed in: a guest's lines reach the server cart first, which is what the order buys.
    void loadCartSync()
      .then((m) => m.startCartSync())
      .then(() => live && setSynced(true));
    return () => {
      live = false;
    };
  }, []);

  /** A placed (and, for cards, paid) order: confirmation page, empty cart (the server emptied its own). */
  const onPlaced = useCallback(
    (order: Order) => {
      setPlaced(true);
      finishOrder(order, userId);
      navigate('/checkout/confirmation');
    },
    [userId, navigate],
  );

  if (placed) {
    return (
      <p role="status" className="py-16 text-center text-slate-800">
        Your order is placed. Opening your confirmation…
      </p>
    );
  }
  if (!hydrated || !loaded || !synced) return <CheckoutPlaceholder />;
  if (items.length === 0) return <EmptyCheckout />;
  return (
    <CheckoutForm
      // A different shopper (sign-in in another tab) starts a fresh form.
      key={userId ?? 'guest'}
      settings={settings}
      userId={userId}
      userEmail={userEmail}
      items={items}
      onPlaced={onPlaced}
    />
  );
}

function CheckoutForm({
  settings,
  userId,
  userEmail,
  items,
  onPlaced,
}: {
  settings: CheckoutSettings;
  userId: string | null;
  userEmail: string;
  items: LocalCartItem[];
  onPlaced: (order: Order) => void;
}) {
  const id = useId();
  const navigate = useNavigate();
  const guest = userId === null;
  const cardProvider = settings.payments.card;

  const [state, dispatch] = useReducer(checkoutReducer, initialCheckoutState);

  // Saved addresses (signed in): the default one is picked; "new" types one into the form.
  const addressBook = useQuery(savedAddressesQueryOptions(userId));
  // Without the address book the shopper types the address: checkout still works.
  const saved = guest || addressBook.isError ? [] : (addressBook.data ?? null);
  const choice = addressChoice(state, saved);
  const setChoice = (next: string) => dispatch({ type: 'addressChosen', choice: next });
  const savedAddress = choice === 'new' ? null : toAddress(saved?.find((a) => a.id === choice));
  const payLater = payLaterTerm(settings, guest);
  // The currency chosen in the header, as this browser remembers it (the page may be older than the choice).
  const currency = chosenCurrency(useShopperCurrency().offered);
  const ctx: CheckoutContext = { guest, savedAddress, cardProvider, payLater: settings.payments.payLater, currency };
  const canPay = paymentMethods(ctx).length > 0;
  const ctxRef = useRef(ctx);
  ctxRef.current = ctx;

  // The contracts' schemas check the form, for the parts that will be sent (see checkoutFormSchema).
  const resolver = useCallback<Resolver<CheckoutValues>>((values, context, options) => {
    // The schema checks the parts that will be sent; `raw` hands the form its own values back.
    const schema = checkoutFormSchema(ctxRef.current, values) as unknown as z.ZodType<CheckoutValues, CheckoutValues>;
    return zodResolver(schema, undefined, { raw: true })(values, context, options);
  }, []);
  const form = useForm<CheckoutValues>({
    resolver,
    defaultValues: defaultCheckoutValues(cardProvider),
  });
  const { errors, isSubmitting } = form.formState;
  const values = form.watch();

  // Discount code: applied by the quote; a refused code shows the API's message (422).
  const { codeInput, code, codeError, orderError } = state;

  const goToCart = useCallback(
    async (lines: ChangedLine[]) => {
      saveChangedLines(lines);
      // Signed in: the server cart now carries the current prices; show them on the cart page.
      if (userId) await loadCartSync().then((m) => m.refreshCartFromServer(userId));
      navigate('/cart');
    },
    [userId, navigate],
  );

  const setOrderError = (message: string) => dispatch({ type: 'orderFailed', message });
  const quoted = useQuote(quoteBody(values, ctx, items, code), {
    onConflict: (lines, message) => {
      if (lines.length > 0) void goToCart(lines);
      else setOrderError(message || CHECKOUT_MSG.orderFailed);
    },
    onCodeRefused: (message) => dispatch({ type: 'codeRefused', message }),
  });
  const { quote } = quoted;
  const shipping = shippingChoice(knownShippingAddress(values, ctx) !== null, quoted);

  // The address does not offer the method chosen (or none was yet): the form takes the one the quote priced.
  const takeMethod = methodToTake(values.shipping_method, quote, quoted.priced);
  useEffect(() => {
    if (takeMethod) form.setValue('shipping_method', takeMethod);
  }, [takeMethod, form]);

  // The card's extra confirmation step (201 awaiting_payment with next_action).
  const { payment } = state;
  const awaiting = awaitingOrder(state);
  const dialogOpen = payment.kind === 'confirming' && payment.dialogOpen;
  const answering = payment.kind === 'confirming' ? payment.answering : null;
  const dialogError = payment.kind === 'confirming' ? payment.error : null;
  const setDialogOpen = (open: boolean) => dispatch({ type: 'dialogToggled', open });

  // Stripe: the Payment Element's handle once ready, and an order whose payment failed and
  // may be tried again (the same order, never a second one).
  const stripeRef = useRef<StripeHandle | null>(null);
  const onStripeReady = useCallback((handle: StripeHandle | null) => {
    stripeRef.current = handle;
  }, []);
  const stripePending = pendingStripeOrder(state);
  const StripePayment = useLoadable(stripePayment, cardProvider === 'stripe');
  const stripeAmount = elementAmount(stripePending, quote);

  async function onValid(valid: CheckoutValues) {
    dispatch({ type: 'submitted' });
    let body: PlaceOrderBody;
    try {
      body = {
        ...checkoutBody(valid, ctxRef.current, items, quote?.discount_code ?? null),
        payment: paymentBody(valid, cardProvider),
      };
    } catch {
      setOrderError(CHECKOUT_MSG.orderFailed);
      return;
    }
    if (body.payment.method === 'card' && cardProvider === 'stripe') {
      await payByStripe(body);
      return;
    }
    let order: Order;
    try {
      order = await placeOrder(body);
    } catch (failure) {
      await explainRefusal(failure);
      return;
    }
    // Refused, yet the order kept for another attempt: the provider's words, the cart as it is.
    if (order.status === 'awaiting_payment' && !order.payment.next_action && order.payment.failure_message) {
      setOrderError(order.payment.failure_message);
      return;
    }
    // The demo provider's confirmation step (4000 0025 0000 3155).
    if (order.status === 'awaiting_payment' && order.payment.next_action?.type === 'confirm') {
      dispatch({ type: 'confirmationAsked', order });
      return;
    }
    onPlaced(order);
  }

  /** One attempt to pay with Stripe (stripe-flow.ts), on the pending order if there is one. */
  async function payByStripe(body: PlaceOrderBody) {
    const stripe = stripeRef.current;
    if (!stripe) {
      setOrderError(STRIPE_MSG.notReady);
      return;
    }
    try {
      const outcome = await payWithStripe(
        {
          submit: () => stripe.submit(),
          placeOrder: () => placeOrder(body),
          confirm: (clientSecret, orderId) =>
            stripe.confirm(clientSecret, completeReturnUrl(window.location.origin, orderId)),
          sync: syncPayment,
        },
        stripePending,
      );
      dispatch({ type: 'stripeAnswered', outcome });
      if (outcome.kind === 'done') onPlaced(outcome.order);
    } catch (failure) {
      await explainRefusal(failure);
    }
  }

  /** What a refused order means for the shopper, by its `reason` (`explainFailure`). */
  async function explainRefusal(failure: unknown) {
    const explained = explainFailure(await apiFailureOf(failure, placeOrderFailure));
    switch (explained.kind) {
      case 'declined':
        // The cart stays as it is: nothing was bought.
        setOrderError(explained.message || CHECKOUT_MSG.declined);
        return;
      case 'lines_changed':
        await goToCart(explained.lines);
        return;
      case 'refused':
        if (explained.dropCode) dispatch({ type: 'codeRefused', message: explained.message });
        if (explained.field) form.setError(explained.field, { message: explained.message }, { shouldFocus: true });
        setOrderError(explained.message);
        return;
      case 'failed':
        setOrderError(await failureMessage(failure, CHECKOUT_MSG.orderFailed));
    }
  }

  async function answer(approve: boolean) {
    const action = awaiting?.payment.next_action;
    if (!awaiting || action?.type !== 'confirm') return;
    dispatch({ type: 'answerSent', answer: approve ? 'approve' : 'decline' });
    try {
      const paid = await confirmPayment(awaiting.id, action.token, approve);
      dispatch({ type: 'confirmed' });
      onPlaced(paid);
    } catch (failure) {
      const { failure: refused, message } = await apiFailureOf(failure, placeOrderFailure);
      if (refused?.reason === 'card_declined') {
        // Refused: the order is cancelled and restocked by the server; the cart stays.
        dispatch({ type: 'confirmDeclined', message: message || CHECKOUT_MSG.declined });
      } else {
        dispatch({ type: 'answerFailed', message: await failureMessage(failure, CHECKOUT_MSG.confirmFailed) });
      }
    }
  }

  const applyCode = () => dispatch({ type: 'codeApplied' });

  // Not before the country changes when the shop does not ship there: nothing could be charged for it.
  const canPlace =
    canPay &&
    quote !== null &&
    !quoted.pending &&
    quoted.unshippable === null &&
    quoted.vatRefused === null &&
    awaiting === null &&
    !isSubmitting;
  const stripeElement =
    StripePayment && settings.payments.stripePublishableKey && stripeAmount !== null ? (
      <StripePayment
        publishableKey={settings.payments.stripePublishableKey}
        amount={stripeAmount}
        onReady={onStripeReady}
      />
    ) : (
      <p role="status" className="text-slate-700 text-sm">
        Loading the card form…
      </p>
    );

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <form noValidate onSubmit={form.handleSubmit(onValid)} className="space-y-8" aria-label="Checkout">
        <Group legend="Contact">
          {guest ? (
            <LabelledField id={`${id}-email`} label="Email" error={errors.email?.message}>
              {(control) => (
                <Input
                  {...control}
                  type="email"
                  autoComplete="email"
                  placeholder="you@example.com"
                  {...form.register('email')}
                />
              )}
            </LabelledField>
          ) : (
            <LabelledField id={`${id}-email`} label="Email">
              {(control) => (
                <Input {...control} type="email" value={userEmail} readOnly className="bg-slate-50 text-slate-800" />
              )}
            </LabelledField>
          )}
          <p className="mt-2 text-slate-700 text-sm">We send the order confirmation to this address.</p>
          {/* Point 7: the sign-in page brings the shopper back to checkout. */}
          {guest ? (
            <p className="mt-2 text-slate-700 text-sm">
              Have an account?{' '}
              <Link to={loginHref('/checkout')} className="font-medium text-slate-900 underline underline-offset-4">
                Sign in
              </Link>
            </p>
          ) : null}
        </Group>

        <Group legend="Shipping address">
          {saved === null ? (
            <p role="status" className="text-slate-700 text-sm">
              Loading your saved addresses…
            </p>
          ) : (
            <>
              {saved.length > 0 ? (
                <div className="mb-4 space-y-2">
                  {saved.map((a) => {
                    const problem = savedAddressProblem(a);
                    return (
                      <ChoiceCard
                        key={a.id}
                        id={`${id}-saved-${a.id}`}
                        name={`${id}-address-choice`}
                        checked={choice === a.id}
                        disabled={problem !== null}
                        onChange={() => setChoice(a.id)}
                        title={a.is_default ? `${a.name} (default)` : a.name}
                      >
                        {oneLine(a)}
                        {problem ? (
                          <span className="mt-1 block text-amber-900">
                            Update it in your account to use it: {problem}
                          </span>
                        ) : null}
                      </ChoiceCard>
                    );
                  })}
                  <ChoiceCard
                    id={`${id}-saved-new`}
                    name={`${id}-address-choice`}
                    checked={choice === 'new'}
                    onChange={() => setChoice('new')}
                    title="Use a new address"
                  />
                </div>
              ) : null}
              {choice === 'new' ? (
                <AddressFields
                  section="shipping"
                  idPrefix={id}
                  register={form.register}
                  control={form.control}
                  errors={errors}
                />
              ) : null}
            </>
          )}
        </Group>

        <Group legend="Billing address">
          <label htmlFor={`${id}-billing-same`} className="flex items-center gap-2 text-slate-800 text-sm">
            <Checkbox id={`${id}-billing-same`} {...form.register('billing_same')} />
            Billing address is the same as the shipping address
          </label>
          {values.billing_same ? null : (
            <div className="mt-4">
              <AddressFields
                section="billing"
                idPrefix={id}
                register={form.register}
                control={form.control}
                errors={errors}
              />
            </div>
          )}
          <VatNumberField
            idPrefix={id}
            field={form.register('vat_number')}
            error={errors.vat_number?.message ?? quoted.vatRefused ?? undefined}
          />
        </Group>

        <Group legend="Shipping method">
          <ShippingMethods
            idPrefix={id}
            choice={shipping}
            pending={quoted.pending}
            field={form.register('shipping_method')}
            error={errors.shipping_method?.message}
          />
        </Group>

        <Group legend="Payment">
          <PaymentFields
            idPrefix={id}
            method={values.payment_method}
            payLater={settings.payments.payLater ? payLater : null}
            cardProvider={cardProvider}
            register={form.register}
            control={form.control}
            errors={errors}
            stripeElement={stripeElement}
          />
        </Group>

        <div>
          <FormAlert tone="error">{orderError}</FormAlert>
          {stripePending ? (
            <p role="status" className="mb-4 text-slate-700 text-sm" data-testid="stripe-pending">
              Order {stripePending.order.number} is waiting for your payment of{' '}
              {formatAmountIn(stripePending.order.totals.total, stripePending.order.currency)}. Nothing has been
              charged: try again with the same card or another one.
            </p>
          ) : null}
          {awaiting && !dialogOpen ? (
            <div
              role="status"
              className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900 text-sm"
            >
              <p>
                Your bank is waiting for you to confirm the payment of{' '}
                {formatAmountIn(awaiting.totals.total, awaiting.currency)}.
              </p>
              <Button variant="outline" size="sm" className="mt-2" onClick={() => setDialogOpen(true)}>
                Confirm payment
              </Button>
            </div>
          ) : null}
          <Button type="submit" size="lg" className="w-full" disabled={!canPlace} aria-busy={isSubmitting}>
            {isSubmitting ? <Spinner /> : null}
            Place order
          </Button>
          {quote && quoted.unshippable === null && quoted.vatRefused === null ? (
            <p className="mt-2 text-center text-slate-700 text-sm">
              You pay <span data-testid="checkout-total">{formatAmountIn(quote.totals.total, quote.currency)}</span>
              {values.payment_method === 'pay_later' ? ` within ${payLater.term}` : ''}.
            </p>
          ) : null}
        </div>
      </form>

      <CheckoutSummary
        idPrefix={id}
        quote={quote}
        pending={quoted.pending}
        error={quoted.error}
        unpriced={unpricedReason(quoted)}
        onRetry={quoted.retry}
        discount={{
          input: codeInput,
          onInput: (value) => dispatch({ type: 'codeTyped', value }),
          applied: code && quote?.discount_code ? quote.discount_code : null,
          error: codeError,
          busy: quoted.pending,
          onApply: applyCode,
          onRemove: () => dispatch({ type: 'codeRemoved' }),
        }}
      />

      {awaiting ? (
        <ConfirmPaymentDialog
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          amount={formatAmountIn(awaiting.totals.total, awaiting.currency)}
          storeName={settings.storeName}
          busy={answering}
          error={dialogError}
          onAnswer={(approve) => void answer(approve)}
        />
      ) : null}
    </div>
  );
}

/** Why the summary shows no totals: the last quote refused the address's country or the VAT number. */
function unpricedReason(quoted: { unshippable: string | null; vatRefused: string | null }): string | null {
  if (quoted.unshippable) return 'Shipping and the total show once you choose a country we ship to.';
  if (quoted.vatRefused) return 'The tax and the total show once the VAT number is valid for the shipping country.';
  return null;
}

/** A block of the form with its heading: a fieldset whose legend is a level-2 heading. */
function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-lg border border-slate-200 p-5">
      <legend className="px-1">
        <h2 className="font-semibold text-lg">{legend}</h2>
      </legend>
      {children}
    </fieldset>
  );
}

function ChoiceCard({
  id,
  name,
  checked,
  disabled = false,
  onChange,
  title,
  children,
}: {
  id: string;
  name: string;
  checked: boolean;
  disabled?: boolean;
  onChange: () => void;
  title: string;
  children?: ReactNode;
}) {
  return (
    <label
      htmlFor={id}
      className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-300 p-3 has-[:checked]:border-slate-900 has-[:checked]:bg-slate-50"
    >
      <input
        id={id}
        type="radio"
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={onChange}
        className="mt-1 accent-slate-900"
      />
      <span className="text-sm">
        <span className="block font-medium text-slate-900">{title}</span>
        {children ? <span className="block text-slate-700">{children}</span> : null}
      </span>
    </label>
  );
}

/** A saved address as the order body takes it (without its id and default flag, empty parts left out). */
function toAddress(saved: SavedAddress | undefined): Address | null {
  if (!saved) return null;
  const { id: _id, is_default: _default, ...rest } = saved;
  return Object.fromEntries(
    Object.entries(rest).filter(([, v]) => typeof v === 'string' && v.trim() !== ''),
  ) as unknown as Address;
}

const oneLine = (a: SavedAddress): string => addressOneLine(a);

/**
 * Keeps the page's place until the cart is read. (Not the documented loading screen: its module is the
 * layout's lazy chunk, and importing it here would pull it into this route's chunk.)
 */
function CheckoutPlaceholder() {
  return (
    <div className="min-h-96 animate-pulse rounded-lg bg-slate-100" role="status" aria-live="polite">
      <span className="sr-only">Preparing your checkout…</span>
    </div>
  );
}

function EmptyCheckout() {
  return (
    <div className="flex min-h-72 flex-col items-center justify-center rounded-lg border border-slate-300 border-dashed px-6 py-12 text-center">
      <ShoppingCart aria-hidden="true" className="h-10 w-10 text-slate-500" />
      <h2 className="mt-4 font-semibold text-lg">Your cart is empty</h2>
      <p className="mt-1 text-slate-600">Add products to your cart, then come back here to place your order.</p>
      <Link to="/products" className={buttonVariants({ className: 'mt-6' })}>
        Browse products
      </Link>
    </div>
  );
}
