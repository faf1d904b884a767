import { messageBody } from '@shop/contracts/common';
import { contract } from '../../../lib/contract-check.ts';
import { api } from '../../../lib/http.ts';

export function resetPassword(token: string, password: string): Promise<{ message: string }> {
  return api.post('auth/reset-password', { json: { token, password } }).json().then(contract(messageBody));
}
