import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../plugins/auth.ts';
import type { Services } from '../services.ts';

/** Every module's routes are a plugin over the services and the auth guards. */
export type RoutesPlugin = FastifyPluginAsyncZod<{ services: Services; guards: AuthGuards }>;
