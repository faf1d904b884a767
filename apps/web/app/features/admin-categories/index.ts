// Admin › Categories: the category tree and each category's menu panel (docs/adr/035-owner-categories.md).
export { categoriesQuery } from './api/categories.ts';
export { CategoriesPage } from './components/categories-page.tsx';
