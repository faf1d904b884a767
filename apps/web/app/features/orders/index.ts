/**
 * The orders feature's public face: the order's parts checkout shows again on its
 * summary and confirmation, and the query key checkout invalidates.
 */
export { AddressBlock } from './components/address-block.tsx';
export { BankTransfer } from './components/bank-transfer.tsx';
export { OrderLines } from './components/order-lines.tsx';
export { OrderTotals } from './components/order-totals.tsx';
export { PaymentSummary } from './components/payment-summary.tsx';
export { ordersRootKey } from './query-keys.ts';
