// Product import and export: CSV in our format or Shopify's, a dry run, then the apply with its progress.
export { ImportExportPage } from './components/import-export-page.tsx';
