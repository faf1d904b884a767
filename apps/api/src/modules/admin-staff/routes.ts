import { STAFF_MSG, staffCreateBody, staffList, staffMember, staffUpdateBody } from '@shop/contracts/admin-staff';
import { uuidParam } from '@shop/contracts/common';
import { errorBody } from '@shop/contracts/errors';
import { badRequest, conflict, forbidden, type HttpTable, notFound, orThrow } from '../../errors.ts';
import { refuseCommonPassword } from '../../lib/passwords.ts';
import { type AdminRoutesPlugin, actorOf, adminDoc } from '../types.ts';
import type { AdminStaffFailure } from './service.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['admin'];

/** A staff account change's expected failures, as HTTP answers. */
const http: HttpTable<AdminStaffFailure> = {
  already: ({ role }) => conflict(STAFF_MSG.already(role)),
  missing_fields: () => badRequest(STAFF_MSG.missing),
  username_taken: () => conflict(STAFF_MSG.usernameTaken, { field: 'username' }),
  email_taken: () => conflict('An account with this e-mail already exists', { field: 'email' }),
  not_found: () => notFound(STAFF_MSG.notFound),
  not_admin: () => forbidden('Only admins can change staff accounts'),
  cannot_change_self: () => conflict(STAFF_MSG.self),
  last_admin: () => conflict(STAFF_MSG.lastAdmin),
};

/** Staff accounts (admins only), under /api/admin. */
export const adminStaffRoutes: AdminRoutesPlugin = async (app, { services, guards }) => {
  const adminOnly = guards.requireRole('admin');
  const staff = services.adminStaff;

  app.get(
    '/staff',
    {
      onRequest: adminOnly,
      schema: { ...adminDoc, tags, summary: 'Staff and admin accounts', response: { 200: staffList, ...errors } },
    },
    async () => staff.list(),
  );
  app.post(
    '/staff',
    {
      onRequest: adminOnly,
      preHandler: refuseCommonPassword('password'),
      schema: {
        ...adminDoc,
        tags,
        summary: 'Creates a staff or admin account, or promotes the account with this e-mail',
        body: staffCreateBody,
        response: { 201: staffMember, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(orThrow(await staff.create(actorOf(request), request.body), http)),
  );
  app.patch(
    '/staff/:id',
    {
      onRequest: adminOnly,
      schema: {
        ...adminDoc,
        tags,
        summary: `Changes a role or disables an account (${STAFF_MSG.self.toLowerCase()})`,
        params: uuidParam,
        body: staffUpdateBody,
        response: { 200: staffMember, ...errors },
      },
    },
    async (request) => orThrow(await staff.update(actorOf(request), request.params.id, request.body), http),
  );
};
