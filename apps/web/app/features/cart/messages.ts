/** docs/product.md §8 cart toasts, word for word; the update texts are ours (docs/product.md shows no update toast). */
export const CART_MESSAGES = {
  adding: 'Adding to cart...',
  added: 'Added to cart!',
  addFailed: 'Failed to add to cart!',
  removing: 'Removing item from cart...',
  removed: 'Item removed from cart!',
  removeFailed: 'Failed to remove item from cart!',
  clearing: 'Clearing cart...',
  cleared: 'Cart cleared!',
  clearFailed: 'Failed to clear cart!',
  updateFailed: 'Failed to update cart!',
} as const;
