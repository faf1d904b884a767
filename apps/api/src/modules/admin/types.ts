import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthorized } from '../../errors.ts';
import type { AuthGuards } from '../../plugins/auth.ts';
import type { Deps, Services } from '../../services.ts';
import type { Actor } from '../audit/service.ts';

/**
 * An admin area's routes (issue 5), mounted under /api/admin behind the staff guard. They get the
 * domain services, the guards (for admin-only routes: `guards.requireRole('admin')`) and the raw
 * dependencies for queries of their own.
 */
export interface AdminOptions {
  services: Services;
  guards: AuthGuards;
  deps: Deps;
}
export type AdminRoutesPlugin = FastifyPluginAsyncZod<AdminOptions>;

/** The staff member making the request, for the audit log. Only behind the admin guard. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.user) throw unauthorized();
  return { userId: request.user.userId };
}

/** OpenAPI bits every admin route shares. */
export const adminDoc = { security: [{ bearer: [] }] };
