import { useParams } from 'react-router';
import { ProductViewPage } from '../../features/admin-catalog/product-view.tsx';

export function meta() {
  return [{ title: 'Product · Admin' }];
}

export default function Page() {
  const { productId = '' } = useParams();
  return <ProductViewPage productId={productId} />;
}
