import { messageBody } from '@shop/contracts/common';
import { contract } from '../../../lib/contract-check.ts';
import { api } from '../../../lib/http.ts';

/** POST users/confirm-email with the token of the link mailed to the new address. */
export function confirmEmail(token: string): Promise<{ message: string }> {
  return api.post('users/confirm-email', { json: { token } }).json().then(contract(messageBody));
}
