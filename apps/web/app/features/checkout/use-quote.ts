import { checkoutFailure } from '@shop/contracts/failures';
import type { CheckoutBase, Quote } from '@shop/contracts/orders';
import { useEffect, useRef, useState } from 'react';
import { apiFailureOf } from '../../lib/api-error.ts';
import { getQuote } from './api/quote.ts';
import type { ChangedLine } from './changed-lines.ts';
import { explainQuoteFailure } from './explain-failure.ts';

/** How long the form must rest before it is priced again (typing an address is many changes). */
export const REQUOTE_DELAY_MS = 250;

export const QUOTE_FAILED = 'We could not price your order. Please try again.';

export interface QuoteHandlers {
  /** `lines_changed`: a line is unavailable or short of stock. */
  onConflict: (lines: ChangedLine[], message: string) => void;
  /** `discount_unusable`: the shopper's message (the code is then dropped). */
  onCodeRefused: (message: string) => void;
}

export interface QuoteState {
  quote: Quote | null;
  /** True while a new quote is on its way (the last one stays on screen meanwhile). */
  pending: boolean;
  error: string | null;
  retry: () => void;
}

/**
 * The order summary's figures: POST /api/checkout/quote for `body`, again whenever it changes (
 * totals come from the server, never from client prices). Only the newest answer counts.
 */
export function useQuote(body: CheckoutBase | null, handlers: QuoteHandlers): QuoteState {
  const [quote, setQuote] = useState<Quote | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(handlers);
  latest.current = handlers;
  const key = body ? JSON.stringify(body) : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `body`; `attempt` re-runs on retry
  useEffect(() => {
    if (!key || !body) return;
    const controller = new AbortController();
    setPending(true);
    const timer = setTimeout(async () => {
      try {
        const next = await getQuote(body, controller.signal);
        if (controller.signal.aborted) return;
        setQuote(next);
        setError(null);
      } catch (failure) {
        if (controller.signal.aborted) return;
        const explained = explainQuoteFailure(await apiFailureOf(failure, checkoutFailure));
        if (controller.signal.aborted) return;
        if (explained.kind === 'lines_changed') {
          latest.current.onConflict(explained.lines, explained.message);
        } else if (explained.kind === 'code_refused') {
          latest.current.onCodeRefused(explained.message);
        } else {
          setError(explained.message || QUOTE_FAILED);
        }
      } finally {
        if (!controller.signal.aborted) setPending(false);
      }
    }, REQUOTE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, attempt]);

  return { quote, pending, error, retry: () => setAttempt((n) => n + 1) };
}
