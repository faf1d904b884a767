// Brands (admin Brands): the list and the dialog that creates and edits them.
export { brandsQuery } from './api/get-brands.ts';
export { BrandsPage } from './components/brands-page.tsx';
