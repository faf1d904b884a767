import { messageBody } from '@shop/contracts/common';
import { MSG } from '@shop/contracts/messages';
import { contract } from '../../../lib/contract-check.ts';
import { api, failureMessage } from '../../../lib/http.ts';

/** POST /api/newsletter: stores the address and mails a confirmation link (docs/product.md §10). */
export function subscribe(email: string): Promise<{ message: string }> {
  return api.post('newsletter', { json: { email } }).json().then(contract(messageBody));
}

export interface NewsletterAnswer {
  tone: 'success' | 'error';
  text: string;
}

/** Subscribes and says how it went: the API's message either way (docs/product.md §8 fallbacks otherwise). */
export async function subscribeWithAnswer(email: string): Promise<NewsletterAnswer> {
  try {
    return { tone: 'success', text: (await subscribe(email)).message || MSG.requestSuccess };
  } catch (error) {
    return { tone: 'error', text: await failureMessage(error, MSG.unexpected) };
  }
}
