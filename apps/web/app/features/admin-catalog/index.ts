// The catalogue in the admin area: products listed, viewed, added and edited; stock adjusted.
export { productQuery } from './api/get-product.ts';
export { productOptionsQuery } from './api/get-product-options.ts';
export { productSalesQuery } from './api/get-product-sales.ts';
export { productsQuery } from './api/get-products.ts';
export { stockMovementsQuery } from './api/get-stock-movements.ts';
export { AddProductPage, EditProductPage } from './components/product-editor.tsx';
export { ProductListPage, productListParams } from './components/product-list.tsx';
export { ProductViewPage } from './components/product-view.tsx';
