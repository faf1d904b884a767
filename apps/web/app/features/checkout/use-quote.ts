import type { CheckoutBase, Quote } from '@shop/contracts/orders';
import { useEffect, useRef, useState } from 'react';
import { errorBodyOf, statusOf } from '../../lib/api-error.ts';
import { getQuote } from './api/quote.ts';
import { type ChangedLine, changedLinesOf } from './changed-lines.ts';

/** How long the form must rest before it is priced again (typing an address is many changes). */
export const REQUOTE_DELAY_MS = 250;

export const QUOTE_FAILED = 'We could not price your order. Please try again.';

export interface QuoteHandlers {
  /** 409: a line is unavailable or short of stock. */
  onConflict: (lines: ChangedLine[], message: string) => void;
  /** 422 about the discount code: the shopper's message (the code is then dropped). */
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
        const status = statusOf(failure);
        const { message, details } = await errorBodyOf(failure);
        if (controller.signal.aborted) return;
        if (status === 409) {
          latest.current.onConflict(changedLinesOf(details), message ?? '');
        } else if (status === 422 && details?.field === 'discount_code' && message) {
          latest.current.onCodeRefused(message);
        } else {
          setError((status !== undefined && status < 500 && message) || QUOTE_FAILED);
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
