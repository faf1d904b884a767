/** Texts of the product page's reviews. */
export const REVIEW_TEXT = {
  notABuyer: 'Only customers who bought this product can review it.',
  signInToReview: 'Bought this product? Sign in to review it.',
  reviewed: 'Thank you for reviewing this product.',
  posted: 'Thank you! Your review is online.',
  postFailed: 'Your review could not be posted. Please try again.',
  none: 'No reviews yet.',
} as const;
