/** The wishlist's public face: services.ts and app.ts import only this. */
export { wishlistRoutes } from './routes.ts';
export { createWishlistService, type WishlistFailure, type WishlistService } from './service.ts';
