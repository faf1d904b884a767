import { ensureAdminData } from '../../features/admin/index.ts';
import { CategoriesPage, categoriesQuery } from '../../features/admin-categories/index.ts';

export function meta() {
  return [{ title: 'Categories · Admin' }];
}

/** Every category in menu order, with its subcategories. */
export async function clientLoader() {
  return ensureAdminData([categoriesQuery()]);
}

export default function Page() {
  return <CategoriesPage />;
}
