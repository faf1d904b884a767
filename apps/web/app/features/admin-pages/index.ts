// The footer pages (DESIGN §7: content pages, edited in admin Settings).
export { contentPagesQuery } from './api/get-content-pages.ts';
export { PagesSection } from './components/pages-section.tsx';
