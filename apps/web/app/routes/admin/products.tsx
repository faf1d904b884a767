import { ensureAdminData, revalidateOnPageChange } from '../../features/admin/index.ts';
import {
  ProductListPage,
  productListParams,
  productOptionsQuery,
  productsQuery,
} from '../../features/admin-catalog/index.ts';
import type { Route } from './+types/products';

export function meta() {
  return [{ title: 'Products · Admin' }];
}

/** The list of the URL's search, filters, sort and page, and the catalogue's names for its filters. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  return ensureAdminData([productsQuery(productListParams(params)), productOptionsQuery()]);
}
export const shouldRevalidate = revalidateOnPageChange;

export default function Page() {
  return <ProductListPage />;
}
