import type { Quote, QuoteBody } from '@shop/contracts/orders';
import type { Invalidation, Topic } from '../../lib/invalidation.ts';
import { answerCache } from '../catalog/index.ts';

/**
 * What a guest's quote reads besides its body (docs/adr/051-guest-quote-cache.md): products, variants,
 * prices and stock (`catalog`), and the zones, tax table and currencies of the store settings (`settings`).
 */
export const QUOTE_TOPICS: readonly Topic[] = ['catalog', 'settings'];

/** The longest a quote answer is kept: a discount code starts and ends by the clock, prices by the owner. */
export const QUOTE_CACHE_MAX_MS = 1_000;

/** The memory the kept quote answers may take in one process, as `estimateBytes` counts them. */
export const QUOTE_CACHE_BYTES = 2 * 1024 * 1024;

/**
 * Guests' quote answers, kept for `ttlMs` (at most QUOTE_CACHE_MAX_MS) and dropped whenever a topic they
 * read changes here or in another process (docs/adr/051-guest-quote-cache.md). Only a guest's quote
 * without a discount code is kept, and only an answer that priced (a refusal is computed each time).
 */
export function createQuoteCache(ttlMs: number, invalidation: Pick<Invalidation, 'subscribe'>) {
  const ttl = Math.min(Math.max(0, ttlMs), QUOTE_CACHE_MAX_MS);
  const answers = answerCache(QUOTE_CACHE_BYTES);
  for (const topic of QUOTE_TOPICS) invalidation.subscribe(topic, () => answers.clear());

  return {
    /**
     * The key of a guest's quote body that passed the body checks, or undefined when it is not kept:
     * the cache is off, or the body names a discount code. The e-mail is left out (the answer does
     * not show it); every other field is in, in the order the schema parsed it.
     */
    keyOf(body: QuoteBody): string | undefined {
      if (ttl === 0 || body.discount_code) return undefined;
      const { email: _email, ...priced } = body;
      return JSON.stringify(priced);
    },

    get(key: string): Quote | undefined {
      return answers.get<Quote>(key);
    },

    /** Where `since` is `generation()` read before the quote was computed: a change meanwhile keeps nothing. */
    set(key: string, quote: Quote, since: number) {
      answers.set(key, quote, ttl, since);
    },

    generation: () => answers.generation(),
  };
}
export type QuoteCache = ReturnType<typeof createQuoteCache>;
