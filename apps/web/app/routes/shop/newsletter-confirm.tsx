import { MSG } from '@shop/contracts/messages';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Container } from '../../components/layout/container.tsx';
import { FormAlert } from '../../components/ui/form-message.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { confirmSubscription } from '../../features/newsletter/api/confirm-subscription.ts';
import { failureMessage } from '../../lib/http.ts';

export function meta() {
  return [
    { title: 'Confirm your subscription · Shop' },
    { name: 'description', content: 'Confirm your subscription to the Shop newsletter.' },
    { name: 'robots', content: 'noindex' },
  ];
}

export { RouteErrorBoundary as ErrorBoundary } from '../../features/errors/index.ts';

type Result = { tone: 'success' | 'error'; text: string };

/** One request per token, however often the effect runs (React may run effects twice in development). */
const confirmations = new Map<string, Promise<Result>>();
function confirmOnce(token: string): Promise<Result> {
  let pending = confirmations.get(token);
  if (!pending) {
    pending = confirmSubscription(token).then(
      (answer): Result => ({ tone: 'success', text: answer.message || MSG.requestSuccess }),
      async (error): Promise<Result> => ({ tone: 'error', text: await failureMessage(error, MSG.unexpected) }),
    );
    confirmations.set(token, pending);
  }
  return pending;
}

/**
 * /newsletter/confirm?token=… — the link of the confirmation mail. The confirmation is sent from the
 * browser, not by the server render: mail scanners that fetch links do not run scripts, so only the
 * person who clicked confirms.
 */
export default function NewsletterConfirmPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [result, setResult] = useState<Result | null>(null);

  useEffect(() => {
    let live = true;
    if (!token) {
      setResult({ tone: 'error', text: 'This confirmation link is incomplete. Please use the link from the mail.' });
      return;
    }
    void confirmOnce(token).then((answer) => live && setResult(answer));
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <main>
      <Container className="py-16">
        <div className="mx-auto max-w-lg text-center">
          <h1 className="font-bold text-3xl text-slate-900">Newsletter</h1>
          <div className="mt-6 text-left">
            {result ? (
              <FormAlert tone={result.tone}>{result.text}</FormAlert>
            ) : (
              <p className="flex items-center justify-center gap-2 text-slate-600" role="status">
                <Spinner /> Confirming your subscription…
              </p>
            )}
          </div>
          <Link to="/" className="mt-6 inline-block font-medium text-slate-900 underline underline-offset-4">
            Continue shopping
          </Link>
        </div>
      </Container>
    </main>
  );
}
