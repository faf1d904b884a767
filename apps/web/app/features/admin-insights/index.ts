// The dashboard, reports and customers of the admin area.
export { categoriesReportQuery } from './api/get-categories-report.ts';
export { dashboardQuery } from './api/get-dashboard.ts';
export { salesReportQuery } from './api/get-sales-report.ts';
export { skuReportQuery } from './api/get-sku-report.ts';
export { taxReportQuery } from './api/get-tax-report.ts';
export { topProductsQuery } from './api/get-top-products.ts';
export { CustomersPage, customersPageQuery } from './components/customers.tsx';
export { DashboardPage } from './components/dashboard.tsx';
export { ReportsPage, reportGroupOf, SKU_ROWS, taxGroupOf } from './components/reports.tsx';
export { dayRangeOf } from './day-range.ts';
