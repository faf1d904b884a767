import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Services } from '../services.ts';

/** Hands every non-/api request to React Router's request handler (filled in by the web work). */
export async function registerWeb(_app: FastifyInstance, _opts: { services: Services; config: Config }) {}
