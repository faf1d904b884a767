import { Link } from 'react-router';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { AdminPage, QueryState } from '../../admin/index.ts';
import { useProduct } from '../api/get-product.ts';
import { useProductOptions } from '../api/get-product-options.ts';
import { ProductForm } from './product-form.tsx';

const back = (
  <Link to="/admin/products" className={buttonVariants({ variant: 'outline' })}>
    All products
  </Link>
);

/** add-product. */
export function AddProductPage() {
  const options = useProductOptions();
  return (
    <AdminPage title="Add product" description="A new product starts as a draft unless you publish it." actions={back}>
      <QueryState query={options}>{(data) => <ProductForm options={data} />}</QueryState>
    </AdminPage>
  );
}

/** edit-product/{productId}. */
export function EditProductPage({ productId }: { productId: string }) {
  const options = useProductOptions();
  const product = useProduct(productId);
  return (
    <AdminPage title={product.data ? `Edit ${product.data.name}` : 'Edit product'} actions={back}>
      <QueryState query={options}>
        {(opts) => (
          <QueryState query={product}>
            {(data) => <ProductForm key={data.id} product={data} options={opts} />}
          </QueryState>
        )}
      </QueryState>
    </AdminPage>
  );
}
