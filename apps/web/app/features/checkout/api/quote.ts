import { type CheckoutFailure, checkoutFailure } from '@shop/contracts/failures';
import type { Quote, QuoteBody } from '@shop/contracts/orders';
import { quote } from '@shop/contracts/orders';
import { keepPreviousData, queryOptions, skipToken } from '@tanstack/react-query';
import { type ApiFailure, apiFailureOf } from '../../../lib/api-error.ts';
import { contract } from '../../../lib/contract-check.ts';
import { api } from '../../../lib/http.ts';

/** POST /api/checkout/quote: exact totals for this body at current prices; writes nothing. */
export function getQuote(body: QuoteBody, signal?: AbortSignal): Promise<Quote> {
  return api.post('checkout/quote', { json: body, signal }).json().then(contract(quote));
}

/** A quote the API refused or could not give, its answer already read (`reason`, sentence, fault). */
export class QuoteFailed extends Error {
  constructor(readonly failure: ApiFailure<CheckoutFailure>) {
    super(failure.message ?? 'The order could not be priced');
    this.name = 'QuoteFailed';
  }
}

/** The quote, its failure read while the answer is at hand: the summary stays busy until then. */
async function fetchQuote(body: QuoteBody, signal: AbortSignal): Promise<Quote> {
  try {
    return await getQuote(body, signal);
  } catch (error) {
    if (signal.aborted) throw error;
    throw new QuoteFailed(await apiFailureOf(error, checkoutFailure));
  }
}

/**
 * The order summary's quote for `body` (null: nothing to price yet). Every change of the body is a new
 * price: nothing is kept fresh or cached once unused, nothing is retried or refetched on its own.
 */
export function quoteQueryOptions(body: QuoteBody | null) {
  return queryOptions({
    queryKey: ['checkout', 'quote', body] as const,
    queryFn: body ? ({ signal }) => fetchQuote(body, signal) : skipToken,
    staleTime: 0,
    gcTime: 0,
    placeholderData: keepPreviousData,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    // Each answer is a new object, so a repeat of the same figures still counts as an answer.
    structuralSharing: false,
  });
}
