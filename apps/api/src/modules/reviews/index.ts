/** The reviews' public face: other modules, services.ts and app.ts import only this. */
export { reviewsRoutes } from './routes.ts';
export { createReviewsService, type ReviewFailure, type ReviewInput, type ReviewsService } from './service.ts';
export { refreshRatingsOfOrder, refreshReviewedProductRatings } from './visibility.ts';
