import { uploadedImage } from '@shop/contracts/admin-catalog';
import { useMutation } from '@tanstack/react-query';
import { adminApi } from '../../admin/index.ts';

/** POST /api/admin/uploads/images: sends one picture (multipart field `file`); the API checks, resizes and stores it. */
export function useUploadImage() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return adminApi.upload(uploadedImage, 'uploads/images', form);
    },
  });
}
