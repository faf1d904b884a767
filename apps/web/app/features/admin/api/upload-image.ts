import type { UploadedImage } from '@shop/contracts/admin-catalog';
import { uploadedImage } from '@shop/contracts/admin-catalog';
import { adminApi } from './client.ts';

/** POST /api/admin/uploads/images: stores a picture; answers its /media/… address. */
export function uploadImage(file: File): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file);
  return adminApi.upload(uploadedImage, 'uploads/images', form);
}
