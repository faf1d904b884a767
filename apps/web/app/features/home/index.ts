// The home page's sections (docs/adr/043-home-page-sections.md): drawn by the storefront's home route
// and by admin Home page's live preview.
export { HomeSections } from './components/home-sections.tsx';
export { type HomeViewSection, toHomeView } from './view.ts';
