// The admin area's shared parts: its frame, page layout, tables, fields, the API
// client and the cache helpers. Other folders import the admin area only through this file.

export { isAdmin, isStaff } from './access.ts';
export { AdminApiError, adminApi, noContent } from './api/client.ts';
export { downloadCsv, downloadFile } from './api/download.ts';
export { storeSettingsQuery } from './api/store-settings.ts';
export { timeZoneQuery } from './api/time-zone.ts';
export { backOfficeKey, useBackOfficeMutation } from './back-office.ts';
export {
  amountText,
  currencySymbol,
  decimalsMessage,
  FALLBACK_BASE,
  fitsBase,
  formatBase,
  moneyInput,
  useBaseCurrency,
} from './base-currency.ts';
export { AdminPage, Panel } from './components/admin-page.tsx';
export { AdminShell } from './components/admin-shell.tsx';
export { Amount } from './components/amount.tsx';
export { DataTable } from './components/data-table.tsx';
export { ErrorText, SelectField, Tabs, TextAreaField, TextField } from './components/fields.tsx';
export { DayRangeFields, FilterSelect, SearchForm } from './components/filter-fields.tsx';
export { Pagination } from './components/pagination.tsx';
export { PictureField } from './components/picture-field.tsx';
export { QueryState } from './components/query-state.tsx';
export { RichTextEditor } from './components/rich-text-editor.tsx';
export { StatCard } from './components/stat-card.tsx';
export {
  firstErrorMessage,
  issuePath,
  issuesOf,
  messageAt,
  placeIssues,
  type WireIssue,
} from './form-errors.ts';
export { adminTimeZone, formatDate, formatDateTime, isoDay } from './format.ts';
export { readListParams, useListParams } from './list-params.ts';
export { ensureAdminData, inStoreTimeZone, revalidateOnPageChange } from './prefetch.ts';
