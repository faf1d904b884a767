import type { Quote, QuoteBody } from '@shop/contracts/orders';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { QuoteFailed, quoteQueryOptions } from './api/quote.ts';
import type { ChangedLine } from './changed-lines.ts';
import { explainQuoteFailure, type QuoteFailureExplained } from './explain-failure.ts';
import { useDebounced } from './use-debounced.ts';

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
  /** The body `quote` answers (its address and method), null before the first answer. */
  priced: QuoteBody | null;
  /** `not_shippable`: the sentence, until an answer for another address replaces it. */
  unshippable: string | null;
  /** `vat_number_invalid`: the sentence for the VAT number field, until another answer replaces it. */
  vatRefused: string | null;
  /** True while a new quote is on its way (the last one stays on screen meanwhile). */
  pending: boolean;
  error: string | null;
  retry: () => void;
}

/** One answer of the quote query: its figures, or its failure. */
export type QuoteAnswer = Quote | Error;

/** What the summary shows: the last figures, and the last failure's sentence until an answer replaces it. */
export interface ShownQuote {
  quote: Quote | null;
  /** The body the figures answer. */
  priced: QuoteBody | null;
  error: string | null;
  /** The last answer said the shop does not ship there: its sentence. */
  unshippable: string | null;
  /** The last answer refused the VAT number for the destination: its sentence. */
  vatRefused: string | null;
  /** The answer these come from (each answer is taken in once). */
  answer: QuoteAnswer | null;
}

export const NOTHING_SHOWN: ShownQuote = {
  quote: null,
  priced: null,
  error: null,
  unshippable: null,
  vatRefused: null,
  answer: null,
};

/** What a failed answer means, however it failed (no readable answer: "could not price"). */
export function explainAnswer(failure: Error): QuoteFailureExplained {
  return explainQuoteFailure(failure instanceof QuoteFailed ? failure.failure : { failure: null, fault: true });
}

/**
 * The summary after an answer to `body`: new figures clear the error; a country the shop does not ship
 * to keeps the lines and says so (with the shipping methods, not as a summary error: trying again does
 * not help); a VAT number not valid there is said on its field, the figures kept; a failure the form
 * handles itself (changed lines, a refused code) leaves the summary as it was.
 */
export function withAnswer(shown: ShownQuote, answer: QuoteAnswer, body: QuoteBody | null): ShownQuote {
  if (!(answer instanceof Error)) {
    return { quote: answer, priced: body, error: null, unshippable: null, vatRefused: null, answer };
  }
  const explained = explainAnswer(answer);
  if (explained.kind === 'not_shippable') {
    return { ...shown, error: null, unshippable: explained.message, vatRefused: null, answer };
  }
  if (explained.kind === 'vat_number_invalid') {
    return { ...shown, error: null, unshippable: null, vatRefused: explained.message, answer };
  }
  if (explained.kind !== 'error') return { ...shown, answer };
  return { ...shown, error: explained.message || QUOTE_FAILED, answer };
}

/** The query's own answer, if it has one (not the previous body's figures it shows while loading). */
function answerOf(result: UseQueryResult<Quote>): QuoteAnswer | null {
  if (result.status === 'error') return result.error;
  if (result.status === 'success' && !result.isPlaceholderData) return result.data;
  return null;
}

/**
 * The order summary's figures: POST /api/checkout/quote for `body`, again whenever it changes and has
 * rested (totals come from the server, never from client prices). Only the newest answer counts: one
 * that lands after the body changed again is never shown.
 */
export function useQuote(body: QuoteBody | null, handlers: QuoteHandlers): QuoteState {
  const key = body ? JSON.stringify(body) : null;
  const rested = useDebounced(body, REQUOTE_DELAY_MS, key);
  const query = useQuery(quoteQueryOptions(rested.value ?? null));
  const latest = useRef(handlers);
  latest.current = handlers;

  const answer = rested.rested ? answerOf(query) : null;
  const [shown, setShown] = useState<ShownQuote>(NOTHING_SHOWN);
  // Taken in while rendering, so the figures and the error change together.
  if (answer && answer !== shown.answer) setShown(withAnswer(shown, answer, rested.value ?? null));

  const failed = shown.answer instanceof Error ? shown.answer : null;
  useEffect(() => {
    if (!failed) return;
    const explained = explainAnswer(failed);
    if (explained.kind === 'lines_changed') latest.current.onConflict(explained.lines, explained.message);
    else if (explained.kind === 'code_refused') latest.current.onCodeRefused(explained.message);
  }, [failed]);

  const { refetch } = query;
  const canRetry = rested.value != null;
  return {
    quote: shown.quote,
    priced: shown.priced,
    unshippable: shown.unshippable,
    vatRefused: shown.vatRefused,
    pending: (key !== null && !rested.rested) || query.isFetching,
    error: shown.error,
    retry: () => {
      if (canRetry) void refetch();
    },
  };
}
