/**
 * Bank details a store could really give: the IBAN is the one published as the UK example, so
 * it passes the mod-97 check. Shared by the API tests and the browser tests of pay-later invoices.
 */
export const BANK_DETAILS = {
  bank_account_holder: 'Harbour Goods Ltd',
  bank_account: 'GB82 WEST 1234 5698 7654 32',
  bank_code: 'NWBKGB2L',
  bank_name: 'NatWest',
  payment_reference: 'Order {number}',
  tax_id: 'GB 123 4567 89',
};
