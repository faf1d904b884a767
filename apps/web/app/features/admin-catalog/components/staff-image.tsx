import { useQuery } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { getStaffImage } from '../api/get-staff-image.ts';

/** Shown until the picture has arrived (and if it cannot): one transparent pixel. */
const EMPTY = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

/**
 * A product picture as staff see it. The public `/media/…` serves only published products' pictures,
 * so the admin area reads the same path under `/api/admin/media/…` with the session's
 * bearer token — which a plain `<img src>` cannot send — and shows it as a data: URL, which the pages'
 * content security policy already allows.
 */
export function StaffImage({
  src,
  alt,
  ...props
}: Omit<ComponentProps<'img'>, 'src' | 'alt'> & { src: string; alt: string }) {
  const { data } = useQuery({
    queryKey: ['admin', 'media', src],
    queryFn: async ({ signal }) => readAsDataUrl(await getStaffImage(src, signal)),
    enabled: src.startsWith('/media/'),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return <img src={data ?? EMPTY} alt={alt} {...props} />;
}
