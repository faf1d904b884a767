import { ensureAdminData } from '../../features/admin/index.ts';
import { BrandsPage, brandsQuery } from '../../features/admin-brands/index.ts';

export function meta() {
  return [{ title: 'Brands · Admin' }];
}

/** Every brand with its number of products. */
export async function clientLoader() {
  return ensureAdminData([brandsQuery()]);
}

export default function Page() {
  return <BrandsPage />;
}
