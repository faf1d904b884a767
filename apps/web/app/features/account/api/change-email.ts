import type { ChangeEmailBody } from '@shop/contracts/account';
import { messageBody } from '@shop/contracts/common';
import { useMutation } from '@tanstack/react-query';
import { contract } from '../../../lib/contract-check.ts';
import { api } from '../../../lib/http.ts';

/**
 * POST users/me/email: asks to change the sign-in e-mail. The answer says a link
 * went to the new address; the address changes only when that link is opened.
 */
export function changeEmail(body: ChangeEmailBody): Promise<{ message: string }> {
  return api.post('users/me/email', { json: body }).json().then(contract(messageBody));
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
