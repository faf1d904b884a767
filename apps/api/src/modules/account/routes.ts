import {
  ACCOUNT_MSG,
  addressBody,
  addressList,
  changeEmailBody,
  changePasswordBody,
  confirmEmailBody,
  deleteAccountBody,
  savedAddress,
  updateAddressBody,
  updateProfileBody,
} from '@shop/contracts/account';
import { publicUser, tokenSet } from '@shop/contracts/auth';
import { messageBody, uuidParam } from '@shop/contracts/common';
import { errorBody } from '@shop/contracts/errors';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  badRequest,
  conflict,
  type HttpTable,
  invalidFields,
  notFound,
  orThrow,
  unauthorized,
  unprocessable,
} from '../../errors.ts';
import { refuseCommonPassword } from '../../lib/passwords.ts';
import { currentUserId } from '../../plugins/auth.ts';
import { AUTH_MSG } from '../auth/index.ts';
import type { RoutesPlugin } from '../types.ts';
import type { AccountFailure } from './service.ts';

/** The account service's expected failures, as HTTP answers. */
const http: HttpTable<AccountFailure> = {
  session_invalid: () => unauthorized(AUTH_MSG.sessionInvalid),
  username_taken: () => conflict(AUTH_MSG.usernameTaken, { field: 'username' }),
  email_needs_confirmation: () => badRequest(ACCOUNT_MSG.emailNeedsConfirmation, { field: 'email' }),
  current_password_incorrect: () => badRequest(ACCOUNT_MSG.currentPasswordIncorrect),
  password_incorrect: () => badRequest(ACCOUNT_MSG.passwordIncorrect),
  email_unchanged: () => badRequest(ACCOUNT_MSG.emailUnchanged, { field: 'email' }),
  email_link_invalid: () => badRequest(ACCOUNT_MSG.emailLinkInvalid),
  email_link_used: () => badRequest(ACCOUNT_MSG.emailLinkUsed),
  email_link_expired: () => badRequest(ACCOUNT_MSG.emailLinkExpired),
  email_taken: () => conflict(AUTH_MSG.emailTaken, { field: 'email' }),
  too_many_addresses: () => unprocessable(ACCOUNT_MSG.tooManyAddresses),
  address_not_found: () => notFound(ACCOUNT_MSG.addressNotFound),
  address_invalid: ({ issues }) => invalidFields(issues),
  admin_cannot_delete: () => unprocessable(ACCOUNT_MSG.adminCannotDelete),
};

/**
 * Password checks per user and minute: each costs an argon2 hash, and a stolen access token must not
 * become a fast way to guess the password. Counted after authentication, per account.
 */
export const ACCOUNT_RATE_LIMIT = { max: 10, timeWindow: 60_000 } as const;
const passwordLimit = {
  rateLimit: {
    ...ACCOUNT_RATE_LIMIT,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `account-password:${request.user?.userId ?? request.ip}`,
  },
};

/** Per address: confirmation links are unguessable, but nothing should be tried without limit. */
const confirmLimit = { rateLimit: { max: 10, timeWindow: 60_000, hook: 'preHandler' as const } };

const tags = ['account'];
const security = [{ bearer: [] }];
const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody, 422: errorBody, 429: errorBody };
const noContent = z.null().describe('Done');

/**
 * /api/users/me/…: the signed-in shopper's own account. GET /me itself lives in the users
 * module; these are the other methods and sub-paths, so no path is registered twice.
 */
export const accountRoutes: RoutesPlugin = async (app, { services, guards }) => {
  const account = services.account;
  const auth = { onRequest: guards.authenticate };

  app.patch(
    '/me',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Edit the profile (names, username); a new e-mail goes through POST /me/email',
        security,
        body: updateProfileBody,
        response: { 200: publicUser, ...errors },
      },
    },
    async (request) => orThrow(await account.updateProfile(currentUserId(request), request.body), http),
  );

  app.post(
    '/me/password',
    {
      ...auth,
      config: passwordLimit,
      preHandler: refuseCommonPassword('new_password'),
      schema: {
        tags,
        summary: 'Change the password; every other session ends, the answer is a fresh token set',
        security,
        body: changePasswordBody,
        response: { 200: tokenSet, ...errors },
      },
    },
    async (request) =>
      orThrow(
        await account.changePassword(currentUserId(request), request.body.current_password, request.body.new_password),
        http,
      ),
  );

  app.post(
    '/me/email',
    {
      ...auth,
      config: passwordLimit,
      schema: {
        tags,
        summary:
          'Ask to change the sign-in e-mail (current password required); it changes when the link mailed to the new address is opened',
        security,
        body: changeEmailBody,
        response: { 202: messageBody, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(202).send(orThrow(await account.requestEmailChange(currentUserId(request), request.body), http)),
  );

  app.post(
    '/confirm-email',
    {
      // The token authorises the change; a valid bearer token only says which session may stay open.
      preHandler: guards.userIfValid,
      config: confirmLimit,
      schema: {
        tags,
        summary: "Apply an e-mail change with the token from the mailed link; the user's other sessions end",
        body: confirmEmailBody,
        response: { 200: messageBody, ...errors },
      },
    },
    async (request) => orThrow(await account.confirmEmail(request.body.token, request.user), http),
  );

  app.delete(
    '/me',
    {
      ...auth,
      config: passwordLimit,
      schema: {
        tags,
        summary: 'Delete the account (password required); orders are kept, personal data anonymised',
        security,
        body: deleteAccountBody,
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      orThrow(await account.deleteAccount(currentUserId(request), request.body.password), http);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/me/addresses',
    {
      ...auth,
      schema: { tags, summary: 'The address book, default first', security, response: { 200: addressList, ...errors } },
    },
    async (request) => orThrow(await account.listAddresses(currentUserId(request)), http),
  );

  app.post(
    '/me/addresses',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Save an address (the first one becomes the default)',
        security,
        body: addressBody,
        response: { 201: savedAddress, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(orThrow(await account.addAddress(currentUserId(request), request.body), http)),
  );

  app.patch(
    '/me/addresses/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Change one of the saved addresses (any subset of fields; is_default: true makes it the default)',
        security,
        params: uuidParam,
        body: updateAddressBody,
        response: { 200: savedAddress, ...errors },
      },
    },
    async (request) =>
      orThrow(await account.updateAddress(currentUserId(request), request.params.id, request.body), http),
  );

  app.delete(
    '/me/addresses/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Remove one of the saved addresses',
        security,
        params: uuidParam,
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      orThrow(await account.deleteAddress(currentUserId(request), request.params.id), http);
      return reply.status(204).send(null);
    },
  );
};
