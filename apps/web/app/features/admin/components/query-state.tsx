import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';

/** Loading, error or the data: the three states every admin query shows the same way. */
export function QueryState<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError)
    return (
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-red-800 text-sm">
        {query.error instanceof Error ? query.error.message : 'Something went wrong'}
      </p>
    );
  return (
    <div className="flex items-center gap-2 py-8 text-slate-600 text-sm" role="status">
      <Spinner /> Loading…
    </div>
  );
}
