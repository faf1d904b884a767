import { randomUUID } from 'node:crypto';
import { uploadUrl } from '@shop/contracts/admin-catalog';
import type { AdminSettings, StoreLogo } from '@shop/contracts/admin-settings';
import { countryName } from '@shop/contracts/countries';
import {
  type CurrencySettingsAnswer,
  type CurrencySettingsBody,
  currenciesFromWire,
  currenciesToWire,
} from '@shop/contracts/currency-settings';
import type { ShippingZone } from '@shop/contracts/shipping';
import {
  type ShippingSettings,
  type ShippingSettingsAnswer,
  shippingAmounts,
  zonesFromWire,
  zonesToWire,
} from '@shop/contracts/shipping-zones';
import { type TaxSettingsAnswer, type TaxSettingsBody, taxFromWire, taxToWire } from '@shop/contracts/tax-settings';
import type { Db, Tx } from '../../db/client.ts';
import { orders, products } from '../../db/schema.ts';
import { type AmountFailure, amountProblem } from '../../lib/base-amounts.ts';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import type { Deps } from '../../services.ts';
import type { Actor, AuditService } from '../audit/index.ts';
import type { MediaService, UploadFailure } from '../media/index.ts';
import { type Settings, type SettingsService, settingsToAdmin } from '../settings/index.ts';

/** The logo as admin Settings shows it: the header's picture. */
const logoOf = (logo: Settings['logo']): StoreLogo => ({
  logo: logo && { url: uploadUrl(logo.id, 'thumb'), width: logo.width, height: logo.height },
});

export type TaxFailure = Failure<'unknown_zone', { message: string; path: (string | number)[] }>;

export type CurrencyFailure = Failure<
  'base_locked' | 'catalogue_not_empty',
  { message: string; path: (string | number)[] }
>;

/** Whether any row of `table` exists: one index probe. */
async function anyRow(ex: Db | Tx, table: typeof orders | typeof products): Promise<boolean> {
  const [row] = await ex.select({ id: table.id }).from(table).limit(1);
  return row !== undefined;
}

/**
 * Why the base currency may not become `next` (docs/adr/050-currencies.md): orders keep their amounts in
 * the base they were placed in, and prices are integers in the base's minor units.
 */
async function baseProblem(
  ex: Db | Tx,
  previous: Settings['currencies'],
  next: Settings['currencies'],
): Promise<CurrencyFailure | undefined> {
  if (next.base.code === previous.base.code) return undefined;
  if (await anyRow(ex, orders)) {
    return fail('base_locked', {
      message: 'The base currency cannot change once the shop has orders: their amounts are in it',
      path: ['base'],
    });
  }
  if (next.base.digits !== previous.base.digits && (await anyRow(ex, products))) {
    const { code, digits } = previous.base;
    return fail('catalogue_not_empty', {
      message: `Prices are kept in ${code}'s minor units (${digits} decimals, ${next.base.code} has ${next.base.digits}): the catalogue must be empty before the base changes to ${next.base.code}`,
      path: ['base'],
    });
  }
  return undefined;
}

/** The first rate whose zone is gone, or whose country is not one the zone ships to. */
function zoneProblem(body: TaxSettingsBody, zones: readonly ShippingZone[]): TaxFailure | undefined {
  for (const [i, rate] of body.rates.entries()) {
    const zone = zones.find((z) => z.id === rate.zone_id);
    if (!zone) {
      return fail('unknown_zone', {
        message: 'That shipping zone does not exist (any more)',
        path: ['rates', i, 'zone_id'],
      });
    }
    if (rate.country !== null && !zone.everywhereElse && !zone.countries.includes(rate.country)) {
      return fail('unknown_zone', {
        message: `${countryName(rate.country)} is not in the zone ${zone.name}`,
        path: ['rates', i, 'country'],
      });
    }
  }
  return undefined;
}

/** The audited part of a currencies answer: the settings, without the list of choices. */
const storedOf = ({ choices: _choices, ...stored }: CurrencySettingsAnswer) => stored;

/**
 * Admin Settings: everything the store's settings row holds, and the time zone every staff
 * member's pages show times in. A change is audited in its transaction, with a
 * second entry when it turns maintenance mode on or off.
 */
export function createAdminSettingsService(
  { db }: Pick<Deps, 'db'>,
  { settings, audit, media }: { settings: SettingsService; audit: AuditService; media: MediaService },
) {
  /** Makes `id` the logo (null: none) with an audit entry, in one transaction; every process sees it at once. */
  async function replaceLogo(actor: Actor, store: (tx: Tx) => Promise<string | null>): Promise<StoreLogo> {
    const saved = await db.transaction(async (tx) => {
      const previous = await settings.current(tx, { lock: true });
      const id = await store(tx);
      await settings.setLogo(tx, id);
      const after = logoOf((await settings.current(tx)).logo);
      await audit.record(tx, actor, {
        action: id ? 'settings.logo.upload' : 'settings.logo.remove',
        entityType: 'settings',
        entityId: 'store',
        before: logoOf(previous.logo),
        after,
      });
      return after;
    });
    await settings.invalidate();
    return saved;
  }

  return {
    /** The base and presentment currencies as stored right now, and whether the base may still change. */
    async currencies(): Promise<CurrencySettingsAnswer> {
      return currenciesToWire((await settings.current(db)).currencies, await anyRow(db, orders));
    },

    /**
     * Replaces the currencies, audited; quotes and the storefront price in them at once. The base changes
     * only while the shop has no order, and to other minor units only while it has no product
     * (`base_locked`, `catalogue_not_empty`; nothing saved).
     */
    async saveCurrencies(
      actor: Actor,
      body: CurrencySettingsBody,
    ): Promise<Result<CurrencySettingsAnswer, CurrencyFailure>> {
      const saved = await db.transaction(async (tx) => {
        const previous = await settings.current(tx, { lock: true });
        const next = currenciesFromWire(body);
        const problem = await baseProblem(tx, previous.currencies, next);
        if (problem) return problem;
        await settings.saveCurrencies(tx, next);
        const baseLocked = await anyRow(tx, orders);
        const after = currenciesToWire((await settings.current(tx)).currencies, baseLocked);
        await audit.record(tx, actor, {
          action: 'currencies.update',
          entityType: 'settings',
          entityId: 'currencies',
          before: storedOf(currenciesToWire(previous.currencies, baseLocked)),
          after: storedOf(after),
        });
        return ok(after);
      });
      if (saved.ok) await settings.invalidate();
      return saved;
    },

    /** The store's logo as stored right now. */
    async logo(): Promise<StoreLogo> {
      return logoOf((await settings.current(db)).logo);
    },

    /** Checks and encodes `file`, then makes it the logo; a file that is not a picture changes nothing. */
    async uploadLogo(actor: Actor, file: Buffer): Promise<Result<StoreLogo, UploadFailure>> {
      const variants = await media.encodeLogo(file);
      if (!variants.ok) return variants;
      return ok(await replaceLogo(actor, async (tx) => (await media.store(tx, variants.value, actor.userId)).id));
    },

    /** The header shows the store's name again; mails and invoices carry no picture. */
    removeLogo(actor: Actor): Promise<StoreLogo> {
      return replaceLogo(actor, async () => null);
    },

    /** The IANA time zone the admin area shows times and counts days in. */
    async timeZone(): Promise<{ time_zone: string }> {
      return { time_zone: (await settings.get()).timeZone };
    },

    /** The settings as stored right now (no cache). */
    async get(): Promise<AdminSettings> {
      return settingsToAdmin(await settings.current(db));
    },

    /** Replaces the settings; checkout and the storefront use them at once (the cache is dropped). */
    async save(actor: Actor, body: AdminSettings): Promise<AdminSettings> {
      const saved = await db.transaction(async (tx) => {
        const previous = await settings.current(tx, { lock: true });
        await settings.saveAdmin(tx, body, previous);
        const before = settingsToAdmin(previous);
        const after = settingsToAdmin(await settings.current(tx));
        await audit.record(tx, actor, {
          action: 'settings.update',
          entityType: 'settings',
          entityId: 'store',
          before,
          after,
        });
        if (before.maintenance_mode !== after.maintenance_mode) {
          await audit.record(tx, actor, {
            action: after.maintenance_mode ? 'maintenance.on' : 'maintenance.off',
            entityType: 'settings',
            entityId: 'store',
            before: { maintenance_mode: before.maintenance_mode },
            after: { maintenance_mode: after.maintenance_mode },
          });
        }
        return after;
      });
      await settings.invalidate();
      return saved;
    },

    /** The shipping zones as stored right now (admin Settings › Shipping). */
    async shipping(): Promise<ShippingSettingsAnswer> {
      const now = await settings.current(db);
      return zonesToWire(now.shippingZones, now.currencies.base.digits);
    },

    /**
     * Replaces every zone at once, audited in its transaction; checkout offers the new methods at once.
     * A zone keeps its id across saves; one added in this save gets a new one.
     */
    async saveShipping(actor: Actor, body: ShippingSettings): Promise<Result<ShippingSettingsAnswer, AmountFailure>> {
      const saved = await db.transaction(async (tx) => {
        const previous = await settings.current(tx, { lock: true });
        const base = previous.currencies.base;
        const refused = amountProblem(shippingAmounts(body), base);
        if (refused) return refused;
        await settings.saveShipping(tx, zonesFromWire(body, randomUUID, base.digits), previous);
        const after = zonesToWire((await settings.current(tx)).shippingZones, base.digits);
        await audit.record(tx, actor, {
          action: 'shipping.update',
          entityType: 'settings',
          entityId: 'shipping',
          before: zonesToWire(previous.shippingZones, base.digits),
          after,
        });
        return ok(after);
      });
      if (saved.ok) await settings.invalidate();
      return saved;
    },

    /** The tax settings as stored right now (admin Settings › Tax). */
    async tax(): Promise<TaxSettingsAnswer> {
      return taxToWire((await settings.current(db)).tax);
    },

    /**
     * Replaces the tax settings, audited; checkout taxes by them at once. A rate must name a zone that
     * exists, and a country of it (`unknown_zone`, nothing saved).
     */
    async saveTax(actor: Actor, body: TaxSettingsBody): Promise<Result<TaxSettingsAnswer, TaxFailure>> {
      const saved = await db.transaction(async (tx) => {
        const previous = await settings.current(tx, { lock: true });
        const problem = zoneProblem(body, previous.shippingZones);
        if (problem) return problem;
        await settings.saveTax(tx, taxFromWire(body));
        const after = taxToWire((await settings.current(tx)).tax);
        await audit.record(tx, actor, {
          action: 'tax.update',
          entityType: 'settings',
          entityId: 'tax',
          before: taxToWire(previous.tax),
          after,
        });
        return ok(after);
      });
      if (saved.ok) await settings.invalidate();
      return saved;
    },
  };
}
export type AdminSettingsService = ReturnType<typeof createAdminSettingsService>;
