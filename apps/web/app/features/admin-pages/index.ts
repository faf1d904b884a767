// The footer pages (docs/product.md §10: content pages, edited in admin Settings).
export { contentPagesQuery } from './api/get-content-pages.ts';
export { PagesSection } from './components/pages-section.tsx';
