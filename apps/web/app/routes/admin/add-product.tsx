import { ensureAdminData } from '../../features/admin/index.ts';
import { AddProductPage, productOptionsQuery } from '../../features/admin-catalog/index.ts';

export function meta() {
  return [{ title: 'Add product · Admin' }];
}

/** The catalogue's categories and brands the form offers. */
export async function clientLoader() {
  return ensureAdminData([productOptionsQuery()]);
}

export default function Page() {
  return <AddProductPage />;
}
