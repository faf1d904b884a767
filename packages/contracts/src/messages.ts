/** Validation and error texts of docs/product.md §5 and §8. Exact texts are part of the product. */
export const MSG = {
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 8 characters',
  passwordComplexity: 'Password must contain uppercase, lowercase, and number',
  passwordsMismatch: 'Passwords do not match',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  usernameRequired: 'Username is required',
  termsRequired: 'You must agree to the terms and conditions',
  loginFailed: 'Login failed. Please try again.',
  signupFailed: 'Signup failed. Please try again.',
  unexpected: 'An unexpected error occurred',
  sessionExpired: 'Session expired, please signin again.',
  loginSuccess: 'Login Successful!',
  requestSuccess: 'Request successful!',
} as const;

/** Cart toasts of docs/product.md §8. */
export const CART_TOAST = {
  adding: 'Adding to cart...',
  clearing: 'Clearing cart...',
  removing: 'Removing item from cart...',
  added: 'Added to cart!',
  cleared: 'Cart cleared!',
  removed: 'Item removed from cart!',
  addFailed: 'Failed to add to cart!',
  clearFailed: 'Failed to clear cart!',
  removeFailed: 'Failed to remove item from cart!',
} as const;

/**
 * What the shopper is told when the stock cuts an add or a line short: never the plain 'Added to
 * cart!' for an add that was not made in full.
 */
export const STOCK_NOTICE = {
  /** An add capped at the stock: how many are left and what the cart holds now. */
  capped: (left: number, inCart: number) => `Only ${left} left — your cart now has ${inCart}.`,
  /** An add capped at the most one line may hold. */
  lineMaximum: (max: number, inCart: number) =>
    `You can have at most ${max} of one item — your cart now has ${inCart}.`,
  /** An add of a variant that is sold out. */
  soldOut: 'Sorry, this item is sold out.',
  /** The cart page found a line above the stock and lowered it. */
  lowered: (name: string, left: number) =>
    `Only ${left} of ${name} left — we changed the quantity in your cart to ${left}.`,
  /** The cart page found a line's variant sold out and took it out. */
  removed: (name: string) => `${name} is sold out — we removed it from your cart.`,
} as const;
