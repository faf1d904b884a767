import { messageBody } from '@shop/contracts/common';
import type { ContactBody } from '@shop/contracts/contact';
import { contract } from '../../../lib/contract-check.ts';
import { api } from '../../../lib/http.ts';

/** POST /api/contact: stored as a support message (docs/product.md §10); answers the confirmation text. */
export function sendContactMessage(body: ContactBody): Promise<{ message: string }> {
  return api.post('contact', { json: body }).json().then(contract(messageBody));
}
