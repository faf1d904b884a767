import { messageBody } from '@shop/contracts/common';
import { contract } from '../../../lib/contract-check.ts';
import { api } from '../../../lib/http.ts';

/** POST /api/newsletter/confirm with the token of the mailed link. */
export function confirmSubscription(token: string): Promise<{ message: string }> {
  return api.post('newsletter/confirm', { json: { token } }).json().then(contract(messageBody));
}
