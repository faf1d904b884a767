import type { SavedAddress } from '@shop/contracts/account';
import type { addresses } from '../../db/schema.ts';

export type AddressRow = typeof addresses.$inferSelect;

/** A saved address as the account's address book answers it. */
export function toSavedAddress(row: AddressRow): SavedAddress {
  return {
    id: row.id,
    name: row.name,
    line1: row.line1,
    ...(row.line2 ? { line2: row.line2 } : {}),
    city: row.city,
    ...(row.region ? { region: row.region } : {}),
    postal_code: row.postalCode,
    country: row.country,
    ...(row.phone ? { phone: row.phone } : {}),
    is_default: row.isDefault,
  };
}
