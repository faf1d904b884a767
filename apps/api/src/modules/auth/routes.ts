import {
  forgotPasswordBody,
  loginAnswer,
  loginBody,
  logoutBody,
  publicUser,
  refreshBody,
  registerBody,
  resetPasswordBody,
  tokenSet,
} from '@shop/contracts/auth';
import { messageBody } from '@shop/contracts/common';
import { errorBody } from '@shop/contracts/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest, conflict, forbidden, type HttpTable, orThrow, unauthorized } from '../../errors.ts';
import { refuseCommonPassword } from '../../lib/passwords.ts';
import { currentSessionId, currentUserId } from '../../plugins/auth.ts';
import { countedLimit, refuseOverLimit } from '../../plugins/counted-limit.ts';
import type { RoutesPlugin } from '../types.ts';
import { AUTH_MSG } from './messages.ts';
import { loginKey, rateLimit } from './rate-limits.ts';
import type { AuthFailure } from './service.ts';

/** The auth service's expected failures, as HTTP answers. */
const http: HttpTable<AuthFailure> = {
  session_invalid: () => unauthorized(AUTH_MSG.sessionInvalid),
  invalid_credentials: () => unauthorized(AUTH_MSG.invalidCredentials),
  account_disabled: () => forbidden(AUTH_MSG.disabled),
  session_expired: () => unauthorized(AUTH_MSG.sessionExpired),
  username_taken: () => conflict(AUTH_MSG.usernameTaken, { field: 'username' }),
  reset_link_unknown: () => badRequest(AUTH_MSG.resetUnknown),
  reset_link_used: () => badRequest(AUTH_MSG.resetUsed),
  reset_link_expired: () => badRequest(AUTH_MSG.resetExpired),
};

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody, 429: errorBody } as const;
const tags = ['auth'];
const bearer = [{ bearer: [] }];

/** docs/product.md §7 auth calls plus the session lifecycle of docs/architecture.md §5, under /api/auth. */
export const authRoutes: RoutesPlugin = async (app, { services, guards }) => {
  const auth = services.auth;
  // Counted here, not declared on a route, so app.ts's onRoute hook does not scale it: the service
  // hands it over with RATE_LIMIT_SCALE applied.
  const overLoginAddressLimit = countedLimit(
    app,
    auth.loginAddressLimit(),
    1,
    (request) => `auth-login-address:${request.ip}`,
  );
  const loginPerAddress = async (request: FastifyRequest, reply: FastifyReply) => {
    const retryAfter = await overLoginAddressLimit(request);
    if (retryAfter !== undefined) refuseOverLimit(reply, retryAfter);
  };

  app.post(
    '/login',
    {
      schema: {
        tags,
        summary: 'Sign in; answers the token set and the user',
        body: loginBody,
        response: { 200: loginAnswer, ...errors },
      },
      config: { rateLimit: rateLimit('login', loginKey) },
      // Counted before the per-e-mail limit: attempts at any account use up the address's budget.
      preHandler: loginPerAddress,
    },
    async (request) => orThrow(await auth.login(request.body), http),
  );

  app.post(
    '/register',
    {
      schema: {
        tags,
        summary: 'Create a customer account',
        body: registerBody,
        response: { 201: messageBody, ...errors },
      },
      config: { rateLimit: rateLimit('register') },
      preHandler: refuseCommonPassword('password'),
    },
    async (request, reply) => reply.status(201).send(orThrow(await auth.register(request.body), http)),
  );

  app.post(
    '/refresh-token',
    {
      schema: {
        tags,
        summary: 'Exchange a refresh token for a new token set (rotation)',
        body: refreshBody,
        response: { 200: tokenSet, ...errors },
      },
    },
    async (request) => orThrow(await auth.refresh(request.body.refreshToken), http),
  );

  app.post(
    '/logout',
    {
      schema: {
        tags,
        summary: "End the caller's session (and that of the given refresh token); its access tokens stop at once",
        security: bearer,
        // The body is optional: a client that lost its refresh token can still call logout.
        body: logoutBody.nullish(),
        response: { 204: z.null().describe('Signed out'), ...errors },
      },
      preHandler: guards.authenticate,
    },
    async (request, reply) => {
      await auth.logout(currentUserId(request), currentSessionId(request), request.body?.refreshToken);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/session',
    {
      schema: {
        tags,
        summary: 'The user the bearer access token belongs to',
        security: bearer,
        response: { 200: publicUser, ...errors },
      },
      preHandler: guards.authenticate,
    },
    async (request) => orThrow(await auth.getPublicUser(currentUserId(request)), http),
  );

  app.post(
    '/forgot-password',
    {
      schema: {
        tags,
        summary: 'Mail a password reset link (same answer for unknown e-mails)',
        body: forgotPasswordBody,
        response: { 200: messageBody, ...errors },
      },
      config: { rateLimit: rateLimit('forgotPassword') },
    },
    async (request) => auth.forgotPassword(request.body.email),
  );

  app.post(
    '/reset-password',
    {
      schema: {
        tags,
        summary: 'Set a new password with the token from the reset link',
        body: resetPasswordBody,
        response: { 200: messageBody, ...errors },
      },
      config: { rateLimit: rateLimit('resetPassword') },
      preHandler: refuseCommonPassword('password'),
    },
    async (request) => orThrow(await auth.resetPassword(request.body.token, request.body.password), http),
  );
};
