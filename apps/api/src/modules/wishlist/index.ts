/** The wishlist's public face (issue 12 point 2): services.ts and app.ts import only this. */
export { wishlistRoutes } from './routes.ts';
export { createWishlistService, type WishlistFailure, type WishlistService } from './service.ts';
