import type { ContactBody } from '@shop/contracts/contact';
import { api } from '../../../lib/http.ts';

/** POST /api/contact: stored as a support message (docs/product.md §10); answers the confirmation text. */
export function sendContactMessage(body: ContactBody): Promise<{ message: string }> {
  return api.post('contact', { json: body }).json<{ message: string }>();
}
