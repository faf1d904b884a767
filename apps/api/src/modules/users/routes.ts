import { profile } from '@shop/contracts/cart';
import { errorBody } from '@shop/contracts/errors';
import { type HttpTable, orThrow, unauthorized } from '../../errors.ts';
import { currentUserId } from '../../plugins/auth.ts';
import { AUTH_MSG } from '../auth/index.ts';
import type { RoutesPlugin } from '../types.ts';
import type { UsersFailure } from './service.ts';

/** The users service's expected failures, as HTTP answers. */
const http: HttpTable<UsersFailure> = {
  session_invalid: () => unauthorized(AUTH_MSG.sessionInvalid),
};

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
    async (request) => orThrow(await services.users.getProfile(currentUserId(request)), http),
  );
};
