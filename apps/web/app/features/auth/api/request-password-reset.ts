import { messageBody } from '@shop/contracts/common';
import { contract } from '../../../lib/contract-check.ts';
import { api } from '../../../lib/http.ts';

export function requestPasswordReset(email: string): Promise<{ message: string }> {
  return api.post('auth/forgot-password', { json: { email } }).json().then(contract(messageBody));
}
