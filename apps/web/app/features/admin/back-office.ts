import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * The query keys of the store's back office — discounts, newsletter, pages, settings, staff, support and
 * the audit log — start with this root: a change in any of them reads them all again (every change
 * writes an audit entry; a saved setting can change what a page shows).
 */
export const BACK_OFFICE_ROOT = ['admin-store'] as const;

/** A back-office query key: the root, the domain, then what identifies the query. */
export const backOfficeKey = (...parts: unknown[]): QueryKey => [...BACK_OFFICE_ROOT, ...parts];

/**
 * A change through the API; on success everything of the back office is read again. The refetch is not
 * awaited: the caller's own callbacks (toast, closing a dialog) run first, even when the fresh data
 * then re-renders the form that made the change.
 */
export function useBackOfficeMutation<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: BACK_OFFICE_ROOT });
    },
  });
}
