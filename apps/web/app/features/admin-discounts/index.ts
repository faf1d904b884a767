// Discount codes (admin Marketing): the list, the dialog that creates and edits them.
export { DISCOUNTS_PAGE_SIZE, discountsQuery } from './api/get-discounts.ts';
export { DISCOUNT_LIST_KEYS, DiscountsPanel } from './components/discounts-panel.tsx';
