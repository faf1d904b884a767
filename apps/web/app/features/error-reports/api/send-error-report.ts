import { messageBody } from '@shop/contracts/common';
import type { ErrorReportBody } from '@shop/contracts/error-reports';
import { contract } from '../../../lib/contract-check.ts';

/**
 * Sends an error report (docs/product.md §10: Report posts the error ID and details to the API, for admin Support).
 * The HTTP client loads on first use: the error page must not pull it into the first paint.
 * Resolves to the API's thank-you message; rejects when the report could not be stored.
 */
export async function sendErrorReport(report: ErrorReportBody): Promise<string> {
  const { api } = await import('../../../lib/http.ts');
  const answer = await api.post('error-reports', { json: report }).json().then(contract(messageBody));
  return answer.message;
}
