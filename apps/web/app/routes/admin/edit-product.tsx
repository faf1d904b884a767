import { useParams } from 'react-router';
import { ensureAdminData } from '../../features/admin/index.ts';
import { EditProductPage, productOptionsQuery, productQuery } from '../../features/admin-catalog/index.ts';
import type { Route } from './+types/edit-product';

export function meta() {
  return [{ title: 'Edit product · Admin' }];
}

/** The product and the catalogue's categories and brands the form offers. */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return ensureAdminData([productOptionsQuery(), productQuery(params.productId)]);
}

export default function Page() {
  const { productId = '' } = useParams();
  return <EditProductPage productId={productId} />;
}
