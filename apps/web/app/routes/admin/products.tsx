import { ProductListPage } from '../../features/admin-catalog/product-list.tsx';

export function meta() {
  return [{ title: 'Products · Admin' }];
}

export default function Page() {
  return <ProductListPage />;
}
