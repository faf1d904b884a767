// Routes declare `config.rateLimit` and call `app.createRateLimit`: the plugin's types add both to Fastify's,
// also where app.ts is not part of the program (the web's typecheck reaches modules through services.ts).
import type {} from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../plugins/auth.ts';
import type { Services } from '../services.ts';

/** Every module's routes are a plugin over the services and the auth guards. */
export type RoutesPlugin = FastifyPluginAsyncZod<{ services: Services; guards: AuthGuards }>;
