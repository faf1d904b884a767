// Orders, pay-later invoices and the ledger in the admin area.
export { adminOrderQuery } from './api/get-order.ts';
export { adminOrdersQuery } from './api/get-orders.ts';
export { payLaterQuery } from './api/get-pay-later.ts';
export { transactionsQuery } from './api/get-transactions.ts';
export { OrdersPage, orderListParams } from './orders-page.tsx';
export { PayLaterPage, payLaterParams } from './pay-later-page.tsx';
export { TransactionsPage, transactionParams } from './transactions-page.tsx';
