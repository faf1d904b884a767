import { errorBody } from '@shop/contracts/errors';
import { z } from 'zod';
import { unauthorized } from '../../errors.ts';
import { type AdminRoutesPlugin, adminDoc } from '../types.ts';

const previewAnswer = z.object({ message: z.string() });
const errors = { 401: errorBody, 403: errorBody };

/**
 * Signed-in staff preview the storefront while maintenance mode is on.
 * Pages are loaded by the browser without the bearer token (it lives in the page's storage), so the
 * session is handed to them as an HttpOnly cookie holding a preview token bound to that session: the
 * web plugin lets a page through only while the session is open and belongs to staff.
 */
export const storefrontPreviewRoutes: AdminRoutesPlugin = async (app, { services }) => {
  app.post(
    '/storefront-preview',
    {
      schema: {
        ...adminDoc,
        tags: ['admin'],
        summary: "Lets this staff session's browser see the storefront during maintenance (an HttpOnly cookie)",
        response: { 200: previewAnswer, ...errors },
      },
    },
    async (request, reply) => {
      if (!request.user) throw unauthorized();
      reply.header('set-cookie', await services.storefrontPreview.start(request.user));
      return { message: 'This browser sees the storefront while maintenance mode is on.' };
    },
  );

  app.delete(
    '/storefront-preview',
    {
      schema: {
        ...adminDoc,
        tags: ['admin'],
        summary: 'Ends the storefront preview of this browser',
        response: { 200: previewAnswer, ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('set-cookie', services.storefrontPreview.end());
      return { message: 'This browser sees what shoppers see.' };
    },
  );
};
