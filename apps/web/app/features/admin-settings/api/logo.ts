import { storeLogo } from '@shop/contracts/admin-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi, backOfficeKey, useBackOfficeMutation } from '../../admin/index.ts';

/** GET /api/admin/settings/logo: the header's picture of the logo, or null. */
export const useLogo = () =>
  useQuery(
    queryOptions({
      queryKey: backOfficeKey('settings', 'logo'),
      queryFn: ({ signal }) => adminApi.get(storeLogo, 'settings/logo', undefined, signal),
    }),
  );

/** PUT /api/admin/settings/logo: one picture (multipart field `file`), checked and resized by the API. */
export const useUploadLogo = () =>
  useBackOfficeMutation((file: File) => {
    const form = new FormData();
    form.append('file', file);
    return adminApi.upload(storeLogo, 'settings/logo', form, 'put');
  });

/** DELETE /api/admin/settings/logo: the header shows the store's name again. */
export const useRemoveLogo = () => useBackOfficeMutation(() => adminApi.delete(storeLogo, 'settings/logo'));
