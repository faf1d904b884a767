/** The reviews feature's public face: the product page's reviews, loaded on demand. */
export type { ReviewsSectionProps } from './components/reviews-section.tsx';
export const loadReviewsSection = () => import('./components/reviews-section.tsx');
