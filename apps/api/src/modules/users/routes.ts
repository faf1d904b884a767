import { profile } from '@shop/contracts/cart';
import { errorBody } from '@shop/contracts/errors';
import { currentUserId } from '../../plugins/auth.ts';
import type { RoutesPlugin } from '../types.ts';

/** /api/users: the signed-in user's own profile. */
export const usersRoutes: RoutesPlugin = async (app, { services, guards }) => {
  app.get(
    '/me',
    {
      onRequest: guards.authenticate,
      schema: {
        tags: ['users'],
        summary: 'The signed-in user with their cart',
        security: [{ bearer: [] }],
        response: { 200: profile, 401: errorBody },
      },
    },
    async (request) => services.users.getProfile(currentUserId(request)),
  );
};
