import { useParams } from 'react-router';
import { ensureAdminData } from '../../features/admin/index.ts';
import {
  ProductViewPage,
  productOptionsQuery,
  productQuery,
  productSalesQuery,
  stockMovementsQuery,
} from '../../features/admin-catalog/index.ts';
import type { Route } from './+types/view-product';

export function meta() {
  return [{ title: 'Product · Admin' }];
}

/** The product, its sales and first page of stock movements, and the catalogue's names. */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const id = params.productId;
  return ensureAdminData([productQuery(id), productSalesQuery(id), stockMovementsQuery(id, 1), productOptionsQuery()]);
}

export default function Page() {
  const { productId = '' } = useParams();
  return <ProductViewPage productId={productId} />;
}
