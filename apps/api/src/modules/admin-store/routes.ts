import {
  adminContentPage,
  adminContentPageList,
  adminDiscount,
  adminDiscountList,
  adminSettings,
  auditLogList,
  auditLogQuery,
  contentPageUpdateBody,
  DISCOUNT_ADMIN_MSG,
  discountCreateBody,
  discountDeleteAnswer,
  discountListQuery,
  discountUpdateBody,
  errorReportPage,
  STAFF_MSG,
  staffCreateBody,
  staffList,
  staffMember,
  staffUpdateBody,
  storeTimeZone,
  subscriberList,
  subscriberQuery,
  ticketDetail,
  ticketEntryBody,
  ticketList,
  ticketQuery,
  ticketStatusBody,
} from '@shop/contracts/admin-store';
import { pageQuery, uuidParam } from '@shop/contracts/common';
import { contentSlugParam } from '@shop/contracts/content';
import { errorBody } from '@shop/contracts/errors';
import { z } from 'zod';
import { csvHeaders, toCsv } from '../../lib/csv.ts';
import { refuseCommonPassword } from '../../lib/passwords.ts';
import { type AdminRoutesPlugin, actorOf, adminDoc } from '../admin/types.ts';
import { createErrorReportService } from '../error-reports/service.ts';
import { settingsToAdmin } from '../settings/service.ts';
import { listAuditLog } from './audit-log.ts';
import { adminDiscounts } from './discounts.ts';
import { subscribers } from './newsletter.ts';
import { staffAccounts } from './staff.ts';
import { tickets } from './support.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/**
 * Admin Marketing, Settings, Support and the Audit log (issue 5), under /api/admin behind the staff
 * guard. Settings, footer pages and staff accounts are for admins only. Every change is audited in the
 * transaction that makes it.
 */
export const adminStoreRoutes: AdminRoutesPlugin = async (app, { services, guards, deps }) => {
  const { db, clock, mailer } = deps;
  const adminOnly = guards.requireRole('admin');
  const errorReports = createErrorReportService({ db, clock });

  // --- Audit log -------------------------------------------------------------------------------
  app.get(
    '/audit-log',
    {
      schema: {
        ...adminDoc,
        tags: ['admin'],
        summary: 'Every staff change, newest first, filtered by action, entity, actor and days',
        querystring: auditLogQuery,
        response: { 200: auditLogList, ...errors },
      },
    },
    async (request) => listAuditLog(db, request.query, (await services.settings.get()).timeZone),
  );

  // --- The store's time zone, which every staff member's pages show times in (issue 11 point 13) ---
  app.get(
    '/time-zone',
    {
      schema: {
        ...adminDoc,
        tags: ['admin'],
        summary: 'The IANA time zone the admin area shows times and counts days in',
        response: { 200: storeTimeZone, ...errors },
      },
    },
    async () => ({ time_zone: (await services.settings.get()).timeZone }),
  );

  // --- Marketing: discount codes ---------------------------------------------------------------
  const tags = ['admin'];
  app.get(
    '/discounts',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Discount codes with their uses',
        querystring: discountListQuery,
        response: { 200: adminDiscountList, ...errors },
      },
    },
    (request) => adminDiscounts.list(db, request.query),
  );
  app.post(
    '/discounts',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Creates a discount code',
        body: discountCreateBody,
        response: { 201: adminDiscount, ...errors },
      },
    },
    async (request, reply) => {
      const created = await db.transaction(async (tx) => {
        const after = await adminDiscounts.create(tx, request.body, clock.now());
        await services.audit.record(tx, actorOf(request), {
          action: 'discount.create',
          entityType: 'discount',
          entityId: after.id,
          after,
        });
        return after;
      });
      return reply.status(201).send(created);
    },
  );
  app.patch(
    '/discounts/:id',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Changes a discount code (also activates and deactivates it)',
        params: uuidParam,
        body: discountUpdateBody,
        response: { 200: adminDiscount, ...errors },
      },
    },
    (request) =>
      db.transaction(async (tx) => {
        const { before, after } = await adminDiscounts.update(tx, request.params.id, request.body);
        await services.audit.record(tx, actorOf(request), {
          action: 'discount.update',
          entityType: 'discount',
          entityId: after.id,
          before,
          after,
        });
        return after;
      }),
  );
  app.delete(
    '/discounts/:id',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Deletes a code nobody used (409 for a used one: deactivate it instead)',
        params: uuidParam,
        response: { 200: discountDeleteAnswer, ...errors },
      },
    },
    (request) =>
      db.transaction(async (tx) => {
        const before = await adminDiscounts.remove(tx, request.params.id);
        await services.audit.record(tx, actorOf(request), {
          action: 'discount.delete',
          entityType: 'discount',
          entityId: before.id,
          before,
        });
        return { message: DISCOUNT_ADMIN_MSG.deleted };
      }),
  );

  // --- Marketing: newsletter -------------------------------------------------------------------
  app.get(
    '/newsletter-subscribers',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Newsletter subscribers (JSON page, or every match with ?format=csv)',
        querystring: subscriberQuery,
        response: { 200: subscriberList.or(z.string()), ...errors },
      },
    },
    async (request, reply) => {
      if (request.query.format === 'csv') {
        const rows = await subscribers.all(db, request.query);
        return reply.headers(csvHeaders('newsletter-subscribers.csv')).send(
          toCsv(
            ['email', 'status', 'subscribed_at', 'confirmed_at'],
            rows.map((s) => [s.email, s.status, s.subscribed_at, s.confirmed_at]),
          ),
        );
      }
      return subscribers.list(db, request.query);
    },
  );

  // --- Settings (admin only) -------------------------------------------------------------------
  app.get(
    '/settings',
    {
      onRequest: adminOnly,
      schema: {
        ...adminDoc,
        tags,
        summary: 'Store profile, shipping, tax, pay later, low stock and maintenance',
        response: { 200: adminSettings, ...errors },
      },
    },
    async () => settingsToAdmin(await services.settings.current(db)),
  );
  app.put(
    '/settings',
    {
      onRequest: adminOnly,
      schema: {
        ...adminDoc,
        tags,
        summary: 'Replaces the settings; checkout and the storefront use them at once',
        body: adminSettings,
        response: { 200: adminSettings, ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const saved = await db.transaction(async (tx) => {
        const previous = await services.settings.current(tx, { lock: true });
        await services.settings.saveAdmin(tx, request.body, previous);
        const before = settingsToAdmin(previous);
        const after = settingsToAdmin(await services.settings.current(tx));
        await services.audit.record(tx, actor, {
          action: 'settings.update',
          entityType: 'settings',
          entityId: 'store',
          before,
          after,
        });
        if (before.maintenance_mode !== after.maintenance_mode) {
          await services.audit.record(tx, actor, {
            action: after.maintenance_mode ? 'maintenance.on' : 'maintenance.off',
            entityType: 'settings',
            entityId: 'store',
            before: { maintenance_mode: before.maintenance_mode },
            after: { maintenance_mode: after.maintenance_mode },
          });
        }
        return after;
      });
      services.settings.invalidate();
      return saved;
    },
  );

  // --- Footer pages (admin only) ---------------------------------------------------------------
  app.get(
    '/content-pages',
    {
      onRequest: adminOnly,
      schema: {
        ...adminDoc,
        tags,
        summary: "The footer's content pages, in full",
        response: { 200: adminContentPageList, ...errors },
      },
    },
    async () => ({ items: await services.content.listFull() }),
  );
  app.put(
    '/content-pages/:slug',
    {
      onRequest: adminOnly,
      schema: {
        ...adminDoc,
        tags,
        summary: 'Edits an existing content page (plain text)',
        params: contentSlugParam,
        body: contentPageUpdateBody,
        response: { 200: adminContentPage, ...errors },
      },
    },
    (request) =>
      db.transaction(async (tx) => {
        const { before, after } = await services.content.update(tx, request.params.slug, request.body);
        await services.audit.record(tx, actorOf(request), {
          action: 'content_page.update',
          entityType: 'content_page',
          entityId: after.slug,
          before,
          after,
        });
        return after;
      }),
  );

  // --- Staff accounts (admin only) -------------------------------------------------------------
  app.get(
    '/staff',
    {
      onRequest: adminOnly,
      schema: { ...adminDoc, tags, summary: 'Staff and admin accounts', response: { 200: staffList, ...errors } },
    },
    async () => ({ items: await staffAccounts.list(db) }),
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
    async (request, reply) => {
      const member = await db.transaction(async (tx) => {
        const { before, after } = await staffAccounts.create(tx, request.body, clock.now());
        await services.audit.record(tx, actorOf(request), {
          action: 'staff.create',
          entityType: 'user',
          entityId: after.id,
          before,
          after,
        });
        return after;
      });
      return reply.status(201).send(member);
    },
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
    (request) =>
      db.transaction(async (tx) => {
        const actor = actorOf(request);
        const { before, after } = await staffAccounts.update(
          tx,
          actor.userId,
          request.params.id,
          request.body,
          clock.now(),
        );
        await services.audit.record(tx, actor, {
          action: 'staff.update',
          entityType: 'user',
          entityId: after.id,
          before,
          after,
        });
        return after;
      }),
  );

  // --- Support ---------------------------------------------------------------------------------
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
    (request) => tickets.list(db, request.query),
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
    (request) => tickets.get(db, request.params.id),
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
    async (request, reply) => {
      const actor = actorOf(request);
      const { ticket, entry } = await db.transaction(async (tx) => {
        const added = await tickets.addEntry(tx, request.params.id, {
          kind: 'reply',
          body: request.body.body,
          authorId: actor.userId,
          now: clock.now(),
        });
        await services.audit.record(tx, actor, {
          action: 'ticket.reply',
          entityType: 'ticket',
          entityId: request.params.id,
          after: { body: added.entry.body, to: added.ticket.email },
        });
        return added;
      });
      // The mailer records the mail in the outbox and never fails the request (lib/mailer.ts).
      await mailer.send({
        to: ticket.email,
        subject: `Re: ${ticket.subject}`,
        text: `${entry.body}\n\n---\nYou wrote:\n${ticket.message
          .split('\n')
          .map((line) => `> ${line}`)
          .join('\n')}`,
      });
      return reply.status(201).send(await tickets.get(db, request.params.id));
    },
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
    async (request, reply) => {
      const actor = actorOf(request);
      await db.transaction(async (tx) => {
        const added = await tickets.addEntry(tx, request.params.id, {
          kind: 'note',
          body: request.body.body,
          authorId: actor.userId,
          now: clock.now(),
        });
        await services.audit.record(tx, actor, {
          action: 'ticket.note',
          entityType: 'ticket',
          entityId: request.params.id,
          after: { body: added.entry.body },
        });
      });
      return reply.status(201).send(await tickets.get(db, request.params.id));
    },
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
    async (request) => {
      const actor = actorOf(request);
      const { status } = request.body;
      await db.transaction(async (tx) => {
        const { before, changed } = await tickets.setStatus(tx, request.params.id, status, clock.now());
        if (!changed) return;
        await services.audit.record(tx, actor, {
          action: status === 'closed' ? 'ticket.close' : 'ticket.reopen',
          entityType: 'ticket',
          entityId: request.params.id,
          before: { status: before },
          after: { status },
        });
      });
      return tickets.get(db, request.params.id);
    },
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
    (request) => errorReports.list(request.query),
  );
};
