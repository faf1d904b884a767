import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/ui/form-message.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { failureMessage } from '../../../lib/http.ts';
import { sessionStore, syncSessionFromStorage } from '../../auth/index.ts';
import { confirmEmail } from '../api/confirm-email.ts';
import { getProfile } from '../api/get-profile.ts';
import { ACCOUNT_TEXT } from '../messages.ts';
import { rememberUser } from '../remember-user.ts';

type Result = { tone: 'success' | 'error'; text: string };

/** One request per token, however often the effect runs (React may run effects twice in development). */
const confirmations = new Map<string, Promise<Result>>();

function confirmOnce(token: string): Promise<Result> {
  let pending = confirmations.get(token);
  if (!pending) {
    pending = confirmEmail(token).then(
      (answer): Result => {
        void followNewEmail();
        return { tone: 'success', text: answer.message };
      },
      async (error): Promise<Result> => ({
        tone: 'error',
        text: await failureMessage(error, ACCOUNT_TEXT.confirmEmailFailed),
      }),
    );
    confirmations.set(token, pending);
  }
  return pending;
}

/** A browser signed in to the changed account stores its new e-mail (other tabs and forms show it). */
async function followNewEmail() {
  if (!sessionStore.getState().isAuthenticated) return;
  try {
    const { cart: _, ...user } = await getProfile();
    rememberUser(user);
  } catch {
    // The stored user catches up at the next sign-in or account page; the change itself is done.
  }
}

/**
 * The page of the link mailed to a new e-mail address. The token is sent from the
 * browser, not by the server render: mail scanners that fetch links do not run scripts, so only the
 * person who opens the link confirms. A signed-in browser sends its session along, which stays open
 * while the account's other sessions end.
 */
export function ConfirmEmailView({ token }: { token: string }) {
  const [result, setResult] = useState<Result | null>(null);

  useEffect(() => {
    let live = true;
    syncSessionFromStorage();
    void confirmOnce(token).then((answer) => live && setResult(answer));
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <div className="mx-auto max-w-lg text-center">
      <h1 className="font-bold text-3xl text-slate-900">Confirm your e-mail address</h1>
      <div className="mt-6 text-left">
        {result ? (
          <FormAlert tone={result.tone}>{result.text}</FormAlert>
        ) : (
          <p className="flex items-center justify-center gap-2 text-slate-600" role="status">
            <Spinner /> Confirming your new e-mail address…
          </p>
        )}
      </div>
      <Link to="/account" className="mt-6 inline-block font-medium text-slate-900 underline underline-offset-4">
        Back to your account
      </Link>
    </div>
  );
}
