export { maintenanceHook, pageOpenDuringMaintenance, previewTokenOf } from './maintenance.ts';
export { createStorefrontPreviewService, type StorefrontPreviewService } from './preview.ts';
export { storefrontPreviewRoutes } from './preview-routes.ts';
export {
  type CardPayments,
  createSettingsService,
  payLaterOffered,
  type Settings,
  type SettingsService,
  settingsToAdmin,
  settingsToWire,
} from './service.ts';
