import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInvalidation } from './invalidation.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const log = () => ({ info: vi.fn(), warn: vi.fn(), debug: vi.fn() });

describe('the invalidation bus', () => {
  it('empties the topic’s caches here at once, and sends one message that names the topic', async () => {
    const bus = createInvalidation(log());
    const catalog = vi.fn();
    const settings = vi.fn();
    bus.subscribe('catalog', catalog);
    bus.subscribe('settings', settings);
    const sent: string[] = [];
    bus.useTransport({ send: async (payload) => void sent.push(payload) });
    await bus.publish('catalog');
    expect(catalog).toHaveBeenCalledTimes(1);
    expect(settings).not.toHaveBeenCalled();
    expect(sent.map((p) => JSON.parse(p).topic)).toEqual(['catalog']);
  });

  it('empties caches for another process’s message, ignores its own and anything malformed', async () => {
    const a = createInvalidation(log());
    const b = createInvalidation(log());
    const onB = vi.fn();
    b.subscribe('settings', onB);
    const wire: string[] = [];
    a.useTransport({ send: async (payload) => void wire.push(payload) });
    b.useTransport({ send: async (payload) => void wire.push(payload) });
    await a.publish('settings');
    b.receive(wire[0] ?? '');
    expect(onB).toHaveBeenCalledTimes(1);
    expect(b.stats().received).toBe(1);
    await b.publish('settings'); // its own: emptied once here, not again on receipt
    b.receive(wire[1] ?? '');
    for (const junk of ['', 'not json', '{"topic":"orders","from":"x"}', '[]']) b.receive(junk);
    expect(onB).toHaveBeenCalledTimes(2);
  });

  it('empties every cache on a resync (a reconnected listener may have missed messages)', () => {
    const bus = createInvalidation(log());
    const catalog = vi.fn();
    const settings = vi.fn();
    bus.subscribe('catalog', catalog);
    bus.subscribe('settings', settings);
    bus.resync();
    expect([catalog.mock.calls.length, settings.mock.calls.length, bus.stats().resyncs]).toEqual([1, 1, 1]);
  });

  it('never fails the change whose message cannot be sent, and logs a failing transport once', async () => {
    const l = log();
    const bus = createInvalidation(l);
    const catalog = vi.fn();
    bus.subscribe('catalog', catalog);
    const send = vi.fn((): Promise<void> => Promise.reject(new Error('connection refused')));
    bus.useTransport({ send });
    await expect(bus.publish('catalog')).resolves.toBeUndefined();
    await expect(bus.publish('catalog')).resolves.toBeUndefined();
    expect(catalog).toHaveBeenCalledTimes(2);
    expect(l.warn).toHaveBeenCalledTimes(1);
    // Not tried again at once (a stalled Redis would cost every change its command timeout)…
    expect(send).toHaveBeenCalledTimes(1);
    // …but a few seconds later, and a working transport is logged as back.
    vi.advanceTimersByTime(5_000);
    send.mockImplementation(() => Promise.resolve());
    await bus.publish('catalog');
    expect(send).toHaveBeenCalledTimes(2);
    expect(l.info).toHaveBeenCalledTimes(1);
  });
});
