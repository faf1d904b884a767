// Admin › Home page: the home page's sections with a live preview (docs/adr/043-home-page-sections.md).
export { homePageQuery } from './api/home-page.ts';
export { HomePageEditor } from './components/home-page-editor.tsx';
