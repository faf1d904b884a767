import { describe, expect, it } from 'vitest';
import { deliveryText } from './delivery.ts';

describe('deliveryText', () => {
  it('names the state, the attempts and the reason', () => {
    expect(deliveryText({ state: 'queued', attempts: 0, error: null })).toBe('Queued');
    expect(deliveryText({ state: 'queued', attempts: 2, error: '451 try again' })).toBe(
      'Queued, retrying (2 attempts): 451 try again',
    );
    expect(deliveryText({ state: 'sent', attempts: 1, error: null })).toBe('Sent');
    expect(deliveryText({ state: 'sent', attempts: 3, error: null })).toBe('Sent after 3 attempts');
    expect(deliveryText({ state: 'failed', attempts: 1, error: '550 no' })).toBe('Failed after 1 attempt: 550 no');
    expect(deliveryText({ state: 'suppressed', attempts: 0, error: 'over the cap' })).toBe('Not sent: over the cap');
    expect(deliveryText({ state: 'kept', attempts: 0, error: null })).toBe('In outbox (no SMTP)');
  });
});
