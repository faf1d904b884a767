import type { RegisterBody } from '@shop/contracts/auth';
import { messageBody } from '@shop/contracts/common';
import { z } from 'zod';
import { contract } from '../../../lib/contract-check.ts';
import { api } from '../../../lib/http.ts';

const registerAnswer = z.union([messageBody.partial(), z.literal('')]);

/** docs/product.md §7 POST auth/register: only an optional message is read. */
export async function signUp(body: RegisterBody): Promise<{ message?: string }> {
  // An empty body reads as ''.
  const answer = await api.post('auth/register', { json: body }).json().then(contract(registerAnswer));
  return answer || {};
}
