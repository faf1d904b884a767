// The store's settings (issue 5, admin Settings; admins only).
export { settingsQuery } from './api/get-settings.ts';
export { StoreSettings } from './components/store-settings.tsx';
