/** Card brands as shoppers read them, by the brand's code (the API's mails and the storefront's orders). */
export const CARD_BRAND_NAMES: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};
