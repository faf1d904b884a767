/** Validation and error texts of spec §5 and §8. Exact texts are part of the product. */
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

/** Cart toasts of spec §8. */
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
