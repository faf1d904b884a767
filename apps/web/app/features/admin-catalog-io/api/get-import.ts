import { catalogImport } from '@shop/contracts/admin-catalog-io';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../admin/index.ts';

/** How often a running import's progress is read again. */
const POLL_MS = 500;

/** GET /api/admin/products/imports/:id: an import's progress, then its outcome; read again while it runs. */
export const importQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'catalog-imports', id],
    queryFn: ({ signal }) => adminApi.get(catalogImport, `products/imports/${id}`, undefined, signal),
    refetchInterval: (query) =>
      query.state.data?.state === 'done' || query.state.data?.state === 'failed' ? false : POLL_MS,
  });

export const useImport = (id: string | undefined) => useQuery({ ...importQuery(id ?? ''), enabled: id !== undefined });
