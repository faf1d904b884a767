import {
  errorReportPage,
  ticketDetail,
  ticketEntryBody,
  ticketList,
  ticketQuery,
  ticketStatusBody,
} from '@shop/contracts/admin-support';
import { pageQuery, uuidParam } from '@shop/contracts/common';
import { errorBody } from '@shop/contracts/errors';
import { type HttpTable, notFound, orThrow } from '../../errors.ts';
import { type AdminRoutesPlugin, actorOf, adminDoc } from '../types.ts';
import type { AdminSupportFailure } from './service.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['admin'];

/** Support's expected failures, as HTTP answers. */
const http: HttpTable<AdminSupportFailure> = {
  not_found: () => notFound('Ticket not found'),
};

/** Admin Support: tickets and error reports, under /api/admin behind the staff guard. */
export const adminSupportRoutes: AdminRoutesPlugin = async (app, { services }) => {
  const support = services.adminSupport;

  app.get(
    '/support/tickets',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Contact messages as tickets, recently changed first',
        querystring: ticketQuery,
        response: { 200: ticketList, ...errors },
      },
    },
    (request) => support.list(request.query),
  );
  app.get(
    '/support/tickets/:id',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'A ticket: the message, its replies and notes',
        params: uuidParam,
        response: { 200: ticketDetail, ...errors },
      },
    },
    async (request) => orThrow(await support.get(request.params.id), http),
  );
  app.post(
    '/support/tickets/:id/replies',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: "Mails a reply to the ticket's e-mail and keeps it in the history",
        params: uuidParam,
        body: ticketEntryBody,
        response: { 201: ticketDetail, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(orThrow(await support.reply(actorOf(request), request.params.id, request.body.body), http)),
  );
  app.post(
    '/support/tickets/:id/notes',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Adds an internal note (never mailed)',
        params: uuidParam,
        body: ticketEntryBody,
        response: { 201: ticketDetail, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(orThrow(await support.note(actorOf(request), request.params.id, request.body.body), http)),
  );
  app.post(
    '/support/tickets/:id/status',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Closes or reopens a ticket',
        params: uuidParam,
        body: ticketStatusBody,
        response: { 200: ticketDetail, ...errors },
      },
    },
    async (request) => orThrow(await support.setStatus(actorOf(request), request.params.id, request.body.status), http),
  );
  app.get(
    '/support/error-reports',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: "Reports sent from the storefront's error page, newest first",
        querystring: pageQuery,
        response: { 200: errorReportPage, ...errors },
      },
    },
    (request) => support.errorReports(request.query),
  );
};
