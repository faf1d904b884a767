import { type FormEvent, useId, useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import type { NewsletterAnswer } from '../api/subscribe.ts';

/** Where the form posts without JavaScript: the page whose action subscribes (routes/shop/newsletter.tsx). */
export const NEWSLETTER_FORM_ACTION = '/newsletter';

/**
 * The footer's newsletter signup (docs/product.md §2). It is on every page, so it stays tiny: the API client
 * loads only when someone subscribes. Without JavaScript (or before it runs) the form posts to
 * /newsletter, whose page shows `answer` (docs/adr/031-page-errors-and-form-posts.md).
 */
export function NewsletterForm({ answer }: { answer?: NewsletterAnswer }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<NewsletterAnswer | null>(answer ?? null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const email = String(new FormData(form).get('email') ?? '');
    setBusy(true);
    setResult(null);
    try {
      const answer = await (await import('../api/subscribe.ts')).subscribeWithAnswer(email);
      setResult(answer);
      if (answer.tone === 'success') form.reset();
    } catch {
      // The client code itself could not load (offline, or a new version was deployed).
      setResult({ tone: 'error', text: 'Could not reach the shop. Please try again.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" action={NEWSLETTER_FORM_ACTION} noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-semibold text-white">
        Subscribe to our newsletter
      </h2>
      <p className="mt-1 text-slate-300 text-sm">New arrivals, offers and stories, once a week.</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <label htmlFor={`${id}-email`} className="sr-only">
          Email address
        </label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          placeholder="Enter your email address"
          aria-describedby={result ? `${id}-result` : undefined}
          aria-invalid={result?.tone === 'error'}
          className="h-10 w-full rounded-md border border-slate-600 bg-slate-800 px-3 text-sm text-white placeholder:text-slate-400 focus-visible:outline-2 focus-visible:outline-white"
        />
        <button
          type="submit"
          disabled={busy}
          className="h-10 shrink-0 rounded-md bg-white px-4 font-medium text-slate-900 text-sm hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-60"
        >
          Subscribe
        </button>
      </div>
      <p
        id={`${id}-result`}
        role={result?.tone === 'error' ? 'alert' : 'status'}
        className={cn('mt-2 text-sm', result?.tone === 'error' ? 'text-red-300' : 'text-green-300')}
      >
        {result?.text}
      </p>
      <p className="mt-2 text-slate-400 text-xs">
        By subscribing, you agree to our Privacy Policy and consent to receive updates from our company.
      </p>
    </form>
  );
}
