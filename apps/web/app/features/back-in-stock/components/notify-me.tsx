import { Bell, BellOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { syncSessionFromStorage, useSession } from '../../auth/index.ts';
import { openSiteDialog, preloadSiteDialog } from '../../shell/index.ts';
import { failureText } from '../api/client.ts';
import { getSubscription } from '../api/get-subscription.ts';
import { subscribe } from '../api/subscribe.ts';
import { unsubscribe } from '../api/unsubscribe.ts';
import { BACK_IN_STOCK_TEXT as TEXT } from '../messages.ts';

type State =
  | { kind: 'idle'; note?: string }
  | { kind: 'subscribed' }
  | { kind: 'sign-in' }
  | { kind: 'busy'; subscribed: boolean };

/**
 * 'Notify me' on an out-of-stock product (docs/product.md §3 Product.subscribers): a signed-in shopper
 * subscribes to one back-in-stock mail and may cancel; a guest is asked to sign in. The button is in
 * the server HTML; a signed-in shopper's current subscription is asked for after hydration. On
 * a sold-out variant of a product that has others in stock, the mail is for that variant.
 */
export default function NotifyMe({ productId, variantId }: { productId: string; variantId?: string }) {
  const hydrated = useHydrated();
  const userId = useSession((s) => (s.isAuthenticated ? (s.user?.id ?? null) : null));
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    syncSessionFromStorage();
  }, []);

  useEffect(() => {
    setState({ kind: 'idle' });
    setError(null);
    if (!hydrated || !userId) return;
    const controller = new AbortController();
    getSubscription(productId, controller.signal, variantId).then(
      (status) => {
        if (status.subscribed) setState({ kind: 'subscribed' });
      },
      () => undefined, // Unknown: the button stays, and subscribing again is harmless.
    );
    return () => controller.abort();
  }, [hydrated, userId, productId, variantId]);

  async function change(want: boolean) {
    setError(null);
    setState({ kind: 'busy', subscribed: !want });
    try {
      const status = await (want ? subscribe(productId, variantId) : unsubscribe(productId, variantId));
      setState(status.subscribed ? { kind: 'subscribed' } : { kind: 'idle', note: TEXT.cancelled });
    } catch (cause) {
      setState(want ? { kind: 'idle' } : { kind: 'subscribed' });
      setError(await failureText(cause, TEXT.failed));
    }
  }

  const busy = state.kind === 'busy';
  const subscribed = state.kind === 'subscribed' || (state.kind === 'busy' && state.subscribed);

  return (
    <div className="min-h-11 space-y-2" data-testid="notify-me">
      {subscribed ? (
        <div className="flex flex-wrap items-center gap-3">
          <p role="status" className="flex items-center gap-2 font-medium text-green-800">
            <Bell aria-hidden="true" className="size-5" />
            {TEXT.subscribed}
          </p>
          <Button variant="outline" size="sm" disabled={busy} aria-busy={busy} onClick={() => void change(false)}>
            <BellOff aria-hidden="true" className="size-4" />
            {TEXT.cancel}
          </Button>
        </div>
      ) : (
        <Button
          size="lg"
          disabled={busy}
          aria-busy={busy}
          onClick={() => {
            if (!userId) setState({ kind: 'sign-in' });
            else void change(true);
          }}
        >
          <Bell aria-hidden="true" className="size-5" />
          {TEXT.button}
        </Button>
      )}
      {state.kind === 'sign-in' ? (
        <div role="status" className="flex flex-wrap items-center gap-3 text-slate-700 text-sm">
          <span>{TEXT.signIn}</span>
          <Button
            variant="outline"
            size="sm"
            onPointerEnter={() => preloadSiteDialog('login')}
            onFocus={() => preloadSiteDialog('login')}
            onClick={() => openSiteDialog('login')}
          >
            Sign in
          </Button>
        </div>
      ) : null}
      {state.kind === 'idle' && state.note ? (
        <p role="status" className="text-slate-700 text-sm">
          {state.note}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-red-700 text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
