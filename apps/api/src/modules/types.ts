// Routes declare `config.rateLimit` and call `app.createRateLimit`: the plugin's types add both to Fastify's,
// also where app.ts is not part of the program (the web's typecheck reaches modules through services.ts).
import type {} from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthorized } from '../errors.ts';
import type { AuthGuards } from '../plugins/auth.ts';
import type { Services } from '../services.ts';
import type { Actor } from './audit/index.ts';

/** Every module's routes are a plugin over the services and the auth guards. */
export type RoutesPlugin = FastifyPluginAsyncZod<{ services: Services; guards: AuthGuards }>;

/**
 * An admin area's routes, mounted under /api/admin behind the staff guard. Like every
 * module's routes they get the domain services and the guards (for admin-only
 * routes: `guards.requireRole('admin')`), nothing else: what a route needs comes from a service.
 */
export interface AdminOptions {
  services: Services;
  guards: AuthGuards;
}
export type AdminRoutesPlugin = FastifyPluginAsyncZod<AdminOptions>;

/** The staff member making the request, for the audit log. Only behind the admin guard. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.user) throw unauthorized();
  return { userId: request.user.userId };
}

/** OpenAPI bits every admin route shares. */
export const adminDoc = { security: [{ bearer: [] }] };
