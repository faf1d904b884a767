import type { AdminProduct, ProductSales, StockMovement } from '@shop/contracts/admin-catalog';
import { fromCents } from '@shop/contracts/money';
import { products } from '../../db/schema.ts';
import { type ProductRow, productColumns, toProductWire } from '../catalog/index.ts';

/** The catalogue's product columns and the ones only staff see. */
export const adminColumns = {
  ...productColumns,
  featured: products.featured,
  soldCount: products.soldCount,
  modifiedBy: products.modifiedBy,
};
export type AdminRow = ProductRow & { featured: string[]; soldCount: number; modifiedBy: string | null };

/** Staff see who last changed a product; the storefront never does (issue 10 point 6). */
export function toAdminWire(row: AdminRow): AdminProduct {
  return { ...toProductWire(row), modified_by: row.modifiedBy, featured: row.featured, sold_count: row.soldCount };
}

export function toMovementWire(r: {
  id: string;
  delta: number;
  reason: StockMovement['reason'];
  note: string | null;
  orderId: string | null;
  orderNumber: string | null;
  actorEmail: string | null;
  createdAt: Date;
}): StockMovement {
  return {
    id: r.id,
    delta: r.delta,
    reason: r.reason,
    note: r.note,
    order_id: r.orderId,
    order_number: r.orderNumber,
    actor_email: r.actorEmail,
    created_at: r.createdAt.toISOString(),
  };
}

export function toSalesLineWire(r: {
  orderId: string;
  number: string;
  status: ProductSales['recent'][number]['status'];
  quantity: number;
  unitPriceCents: number;
  createdAt: Date;
}): ProductSales['recent'][number] {
  return {
    order_id: r.orderId,
    order_number: r.number,
    status: r.status,
    quantity: r.quantity,
    unit_price: fromCents(r.unitPriceCents),
    total: fromCents(r.unitPriceCents * r.quantity),
    created_at: r.createdAt.toISOString(),
  };
}
