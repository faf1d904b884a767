/** Texts of 'Notify me' on out-of-stock products. */
export const BACK_IN_STOCK_TEXT = {
  button: "Notify me when it's back",
  subscribed: "We'll e-mail you when it's back in stock.",
  cancel: "Don't notify me",
  cancelled: "You won't get an e-mail about this product.",
  signIn: "Sign in and we'll e-mail you when it's back in stock.",
  failed: 'That did not work. Please try again.',
} as const;
