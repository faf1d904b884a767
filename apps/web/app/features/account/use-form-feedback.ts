import { useState } from 'react';
import { failureOf } from '../../lib/http.ts';
import { useErrorTimeout } from '../auth/index.ts';

/**
 * The red and green boxes of a form (docs/product.md §8) and the rule that errors clear 2 s after a submit
 * (docs/product.md §4). `clearFields` clears the form's own field errors at the same moment.
 */
export function useFormFeedback(clearFields: () => void) {
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const scheduleClear = useErrorTimeout(() => {
    clearFields();
    setError(null);
  });
  return {
    error,
    success,
    /** A submit starts: earlier answers go. */
    start() {
      setError(null);
      setSuccess(null);
    },
    succeed: setSuccess,
    /**
     * The server's message, or `fallback` (docs/product.md §8), shown until the 2 s are up. Answers the failure,
     * whose `field` names the body field a 400 was about, for the form to mark.
     */
    async fail(cause: unknown, fallback: string) {
      const failure = await failureOf(cause, fallback);
      setError(failure.message);
      scheduleClear();
      return failure;
    },
    /** For react-hook-form's invalid handler: field errors also clear after 2 s. */
    invalid: scheduleClear,
  };
}
