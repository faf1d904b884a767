// Orders, pay-later invoices and the ledger in the admin area.
export { adminOrderQuery } from './api/get-order.ts';
export { adminOrdersQuery } from './api/get-orders.ts';
export { payLaterQuery } from './api/get-pay-later.ts';
export { transactionsQuery } from './api/get-transactions.ts';
export { OrdersPage, orderListParams } from './components/orders-page.tsx';
export { PayLaterPage, payLaterParams } from './components/pay-later-page.tsx';
export { TransactionsPage, transactionParams } from './components/transactions-page.tsx';
