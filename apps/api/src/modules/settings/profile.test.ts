import { DEFAULT_BRAND_COLORS } from '@shop/contracts/colors';
import { describe, expect, it } from 'vitest';
import { DEFAULT_STORE_SETTINGS } from '../../db/seed/settings.ts';
import { type CardPayments, type Settings, storeProfile } from './service.ts';

const NO_BANK = { bank_account_holder: '', bank_account: '', bank_code: '', bank_name: '', payment_reference: '' };
const settings = (over: Partial<Settings> = {}): Settings => ({
  ...DEFAULT_STORE_SETTINGS,
  currency: 'USD',
  currencies: { base: { code: 'USD', digits: 2 }, presentment: [] },
  taxRateBasisPoints: 800,
  guestHoldHours: 72,
  contactEmail: '',
  contactPhone: '',
  address: '',
  openingHours: '',
  socialLinks: {},
  paymentBadges: null,
  brandColors: { ...DEFAULT_BRAND_COLORS },
  maintenanceMode: false,
  lowStockThreshold: 5,
  timeZone: 'UTC',
  bank: NO_BANK,
  taxId: '',
  legalName: '',
  logo: null,
  headerMenu: [],
  footerMenu: [],
  ...over,
});
const stripe: CardPayments['card'] = 'stripe';
const noCards: CardPayments['card'] = null;
const names = (s: Settings, card: CardPayments['card']) => storeProfile(s, card).paymentBadges.map((b) => b.name);

describe('the footer’s store profile', () => {
  it('shows the payment methods the shop takes: card brands with a card provider, Invoice with bank details', () => {
    expect(names(settings(), stripe)).toEqual(['Visa', 'Mastercard', 'American Express']);
    const bank = { ...NO_BANK, bank_account_holder: 'Wick & Co', bank_account: 'GB33 BUKB 2020 1555 5555 55' };
    expect(names(settings({ bank }), stripe)).toEqual(['Visa', 'Mastercard', 'American Express', 'Invoice']);
    expect(names(settings({ bank }), noCards)).toEqual(['Invoice']);
    expect(names(settings(), noCards)).toEqual([]);
  });

  it('shows the badges the owner chose instead, when chosen (the demo’s V, M, P)', () => {
    const profile = storeProfile(settings({ paymentBadges: ['visa', 'mastercard', 'paypal'] }), noCards);
    expect(profile.paymentBadges).toEqual([
      { id: 'visa', letter: 'V', name: 'Visa' },
      { id: 'mastercard', letter: 'M', name: 'Mastercard' },
      { id: 'paypal', letter: 'P', name: 'PayPal' },
    ]);
  });

  it('lists only the social profiles that are set, and the opening hours as written', () => {
    const profile = storeProfile(
      settings({ socialLinks: { instagram: 'https://instagram.com/wick' }, openingHours: 'Tue–Sat 10–17' }),
      stripe,
    );
    expect(profile.social).toEqual([{ network: 'instagram', label: 'Instagram', url: 'https://instagram.com/wick' }]);
    expect(profile.openingHours).toBe('Tue–Sat 10–17');
  });
});
