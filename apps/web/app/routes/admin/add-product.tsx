import { AddProductPage } from '../../features/admin-catalog/product-editor.tsx';

export function meta() {
  return [{ title: 'Add product · Admin' }];
}

export default function Page() {
  return <AddProductPage />;
}
