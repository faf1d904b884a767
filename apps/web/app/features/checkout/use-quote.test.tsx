// @vitest-environment happy-dom
import type { Quote, QuoteBody } from '@shop/contracts/orders';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { fakeJsonApi, jsonResponse } from '../../lib/testing/fake-json-api.ts';
import { QUOTE_FAILED, type QuoteHandlers, REQUOTE_DELAY_MS, useQuote } from './use-quote.ts';

const address = { name: 'Ada', line1: '1 Road', city: 'London', postal_code: 'N1', country: 'GB' };
const standard: QuoteBody = { shipping_address: address, shipping_method: 'standard' };
const express: QuoteBody = { shipping_address: address, shipping_method: 'express' };
const withCode = (code: string): QuoteBody => ({ ...standard, discount_code: code });

/** The quote the fake API answers for a body: its total tells the bodies apart. */
function quoteFor(body: QuoteBody): Quote {
  const shipping = body.shipping_method === 'express' ? 9.99 : 4.99;
  return {
    lines: [],
    totals: { subtotal: 50, discount: 0, shipping, tax: 0, total: 50 + shipping },
    discount_code: body.discount_code ?? null,
    shipping_method: body.shipping_method ?? 'standard',
    shipping_options: [
      { code: 'standard', name: 'Standard shipping', estimate: '', price: 4.99 },
      { code: 'express', name: 'Express shipping', estimate: '', price: 9.99 },
    ],
    tax_rate: 0,
    currency: { code: 'USD', digits: 2 },
    tax_included: false,
    tax_lines: [],
    reverse_charge: false,
  };
}

const changedLine = {
  product_id: 'p1',
  variant_id: null,
  name: 'Lamp',
  reason: 'insufficient_stock',
  expected_price: null,
  current_price: null,
  requested: 3,
  available: 1,
} as const;

/** Answers held back until the test lets them go, in any order. */
let held: Array<{ body: QuoteBody; answer: (response: Response) => void }>;
let answerWith: (body: QuoteBody) => Response | null;
let api: ReturnType<typeof fakeJsonApi>;

beforeEach(() => {
  vi.useFakeTimers();
  held = [];
  answerWith = (body) => jsonResponse(200, quoteFor(body));
  api = fakeJsonApi({
    'POST checkout/quote': ({ body }) => {
      const quoteBody = body as QuoteBody;
      const response = answerWith(quoteBody);
      if (response) return response;
      return new Promise<Response>((answer) => held.push({ body: quoteBody, answer }));
    },
  });
  vi.stubGlobal('fetch', api.fetch);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const quoteCalls = () => api.calls.filter((c) => c.path === 'checkout/quote');
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** Lets answers already given travel through the client (promises and zero-delay timers only). */
const settle = () => pass(0);

function renderQuote(first: QuoteBody) {
  const handlers = { onConflict: vi.fn(), onCodeRefused: vi.fn() } satisfies QuoteHandlers;
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(({ body }: { body: QuoteBody }) => useQuote(body, handlers), {
    wrapper,
    initialProps: { body: first },
  });
  return { ...hook, handlers, show: (body: QuoteBody) => hook.rerender({ body }) };
}

describe('useQuote', () => {
  it('prices the body once it has rested for REQUOTE_DELAY_MS', async () => {
    const { result } = renderQuote(standard);
    expect(result.current).toMatchObject({ quote: null, pending: true, error: null });

    await pass(REQUOTE_DELAY_MS - 1);
    expect(quoteCalls()).toHaveLength(0);
    await pass(1);
    expect(quoteCalls()).toHaveLength(1);
    await settle();
    expect(result.current).toMatchObject({ quote: quoteFor(standard), pending: false, error: null });
  });

  it('is pending from the change on, restarts the rest on each change, and keeps the last figures meanwhile', async () => {
    const { result, show } = renderQuote(standard);
    await pass(REQUOTE_DELAY_MS);
    await settle();

    show(express);
    expect(result.current).toMatchObject({ quote: quoteFor(standard), pending: true });
    await pass(REQUOTE_DELAY_MS - 50);
    show(withCode('welcome10'));
    await pass(REQUOTE_DELAY_MS - 1);
    expect(quoteCalls()).toHaveLength(1);
    expect(result.current).toMatchObject({ quote: quoteFor(standard), pending: true });

    await pass(1);
    expect(quoteCalls().map((c) => c.body)).toEqual([standard, withCode('welcome10')]);
    await settle();
    expect(result.current).toMatchObject({ quote: quoteFor(withCode('welcome10')), pending: false });
  });

  it('keeps the last figures while a new quote is on its way', async () => {
    const { result, show } = renderQuote(standard);
    await pass(REQUOTE_DELAY_MS);
    await settle();

    answerWith = () => null;
    show(express);
    await pass(REQUOTE_DELAY_MS);
    expect(held).toHaveLength(1);
    expect(result.current).toMatchObject({ quote: quoteFor(standard), pending: true });

    held[0]?.answer(jsonResponse(200, quoteFor(express)));
    await settle();
    expect(result.current).toMatchObject({ quote: quoteFor(express), pending: false });
  });

  it('never shows an answer that lands after the body changed again', async () => {
    answerWith = () => null;
    const { result, show } = renderQuote(standard);
    await pass(REQUOTE_DELAY_MS);
    expect(held.map((h) => h.body)).toEqual([standard]);

    // The shopper changes the form while the first body is being priced: its answer is old news.
    show(express);
    held[0]?.answer(jsonResponse(200, quoteFor(standard)));
    await settle();
    expect(result.current).toMatchObject({ quote: null, pending: true });

    await pass(REQUOTE_DELAY_MS);
    expect(held.map((h) => h.body)).toEqual([standard, express]);
    held[1]?.answer(jsonResponse(200, quoteFor(express)));
    await settle();
    expect(result.current).toMatchObject({ quote: quoteFor(express), pending: false });
  });

  it('hands a refused code to onCodeRefused once, the figures and the summary as they were', async () => {
    const { result, show, handlers } = renderQuote(standard);
    await pass(REQUOTE_DELAY_MS);
    await settle();

    answerWith = () =>
      jsonResponse(422, {
        message: 'This discount code is not valid',
        code: 'UNPROCESSABLE',
        reason: 'discount_unusable',
      });
    show(withCode('NOPE'));
    await pass(REQUOTE_DELAY_MS);
    await settle();
    expect(handlers.onCodeRefused.mock.calls).toEqual([['This discount code is not valid']]);
    expect(handlers.onConflict).not.toHaveBeenCalled();
    expect(result.current).toMatchObject({ quote: quoteFor(standard), pending: false, error: null });

    await pass(REQUOTE_DELAY_MS * 4);
    expect(handlers.onCodeRefused).toHaveBeenCalledTimes(1);
  });

  it('hands changed lines to onConflict with the sentence', async () => {
    answerWith = () =>
      jsonResponse(409, {
        message: 'Some items changed',
        code: 'CONFLICT',
        reason: 'lines_changed',
        lines: [changedLine],
      });
    const { result, handlers } = renderQuote(standard);
    await pass(REQUOTE_DELAY_MS);
    await settle();
    expect(handlers.onConflict.mock.calls).toEqual([[[changedLine], 'Some items changed']]);
    expect(result.current).toMatchObject({ quote: null, pending: false, error: null });
  });

  it('says which body the figures answer', async () => {
    const { result, show } = renderQuote(standard);
    await pass(REQUOTE_DELAY_MS);
    await settle();
    expect(result.current.priced).toEqual(standard);

    show(express);
    await pass(REQUOTE_DELAY_MS - 1);
    expect(result.current).toMatchObject({ quote: quoteFor(standard), priced: standard, pending: true });
    await pass(1);
    await settle();
    expect(result.current).toMatchObject({ quote: quoteFor(express), priced: express, pending: false });
  });

  it('keeps a country the shop does not ship to apart from the summary’s errors, until another address is priced', async () => {
    const { result, show } = renderQuote(standard);
    await pass(REQUOTE_DELAY_MS);
    await settle();

    const oslo: QuoteBody = {
      ...standard,
      shipping_address: { ...address, city: 'Oslo', postal_code: '0150', country: 'NO' },
    };
    answerWith = (body) =>
      body.shipping_address.country === 'NO'
        ? jsonResponse(422, {
            message: 'We do not ship to Norway.',
            code: 'UNPROCESSABLE',
            reason: 'not_shippable',
            country: 'NO',
            details: { field: 'shipping_address.country' },
          })
        : jsonResponse(200, quoteFor(body));
    show(oslo);
    await pass(REQUOTE_DELAY_MS);
    await settle();
    expect(result.current).toMatchObject({
      quote: quoteFor(standard),
      priced: standard,
      unshippable: 'We do not ship to Norway.',
      error: null,
      pending: false,
    });

    show(express);
    await pass(REQUOTE_DELAY_MS);
    await settle();
    expect(result.current).toMatchObject({ quote: quoteFor(express), priced: express, unshippable: null, error: null });
  });

  it('says a VAT number the destination refuses on the field, not in the summary, until a number is priced', async () => {
    const { result, show } = renderQuote(standard);
    await pass(REQUOTE_DELAY_MS);
    await settle();

    const message = 'That is not a valid VAT number for the United Kingdom, where the order goes';
    answerWith = (body) =>
      body.vat_number === 'GB123'
        ? jsonResponse(400, {
            message,
            code: 'BAD_REQUEST',
            reason: 'vat_number_invalid',
            details: { field: 'vat_number' },
          })
        : jsonResponse(200, quoteFor(body));
    show({ ...standard, vat_number: 'GB123' });
    await pass(REQUOTE_DELAY_MS);
    await settle();
    expect(result.current).toMatchObject({ vatRefused: message, error: null, unshippable: null, pending: false });
    expect(result.current.priced).toBe(standard);

    const fixed = { ...standard, vat_number: 'GB980780684' };
    show(fixed);
    await pass(REQUOTE_DELAY_MS);
    await settle();
    expect(result.current).toMatchObject({ quote: quoteFor(fixed), priced: fixed, vatRefused: null, error: null });
  });

  it('shows any other failure, keeps it while re-pricing, and retries on demand', async () => {
    const { result, show } = renderQuote(standard);
    await pass(REQUOTE_DELAY_MS);
    await settle();

    answerWith = () => jsonResponse(400, { message: 'Choose a shipping method', code: 'BAD_REQUEST' });
    show(express);
    await pass(REQUOTE_DELAY_MS);
    await settle();
    expect(result.current).toMatchObject({
      quote: quoteFor(standard),
      pending: false,
      error: 'Choose a shipping method',
    });

    // A failure without a sentence of its own: the generic one.
    answerWith = () => null;
    act(() => result.current.retry());
    await settle();
    expect(quoteCalls()).toHaveLength(3);
    expect(result.current).toMatchObject({ pending: true, error: 'Choose a shipping method' });
    held[0]?.answer(jsonResponse(400));
    await settle();
    expect(result.current).toMatchObject({ quote: quoteFor(standard), pending: false, error: QUOTE_FAILED });

    // The error stays on screen while the next body is priced, until an answer replaces it.
    show(withCode('welcome10'));
    await pass(REQUOTE_DELAY_MS);
    expect(result.current).toMatchObject({ pending: true, error: QUOTE_FAILED });
    held[1]?.answer(jsonResponse(200, quoteFor(withCode('welcome10'))));
    await settle();
    expect(result.current).toMatchObject({ quote: quoteFor(withCode('welcome10')), pending: false, error: null });
  });
});
