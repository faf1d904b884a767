import { useParams } from 'react-router';
import { EditProductPage } from '../../features/admin-catalog/product-editor.tsx';

export function meta() {
  return [{ title: 'Edit product · Admin' }];
}

export default function Page() {
  const { productId = '' } = useParams();
  return <EditProductPage productId={productId} />;
}
