// The store's settings (admin Settings; admins only).
export { settingsQuery } from './api/get-settings.ts';
export { StoreSettings } from './components/store-settings.tsx';
