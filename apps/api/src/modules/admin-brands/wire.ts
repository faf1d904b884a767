import type { AdminBrand } from '@shop/contracts/admin-brands';
import type { BrandRow } from './repository.ts';

export function toBrandWire(row: BrandRow): AdminBrand {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    logo: row.logo,
    description: row.description,
    product_count: row.productCount,
  };
}
