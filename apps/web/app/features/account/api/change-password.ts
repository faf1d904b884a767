import type { ChangePasswordBody } from '@shop/contracts/account';
import type { TokenSet } from '@shop/contracts/auth';
import { tokenSet } from '@shop/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { contract } from '../../../lib/contract-check.ts';
import { api } from '../../../lib/http.ts';
import { setTokens } from '../../auth/index.ts';

/** POST users/me/password: every session of the user ends; the answer is this browser's new token set. */
export function changePassword(body: ChangePasswordBody): Promise<TokenSet> {
  return api.post('users/me/password', { json: body }).json().then(contract(tokenSet));
}

/** Changes the password and keeps this browser signed in with the new tokens. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, onSuccess: (tokens) => setTokens(tokens) });
}
