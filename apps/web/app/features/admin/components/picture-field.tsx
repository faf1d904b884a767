import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { uploadImage } from '../api/upload-image.ts';
import { ErrorText, TextField } from './fields.tsx';

/**
 * A picture of the shop's content (a home page section's, a category's, a featured card's): one uploaded
 * to the shop (its /media/… address, pasted from another product or brand) or a new upload through the
 * product form's upload (POST /api/admin/uploads/images).
 */
export function PictureField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const fileId = useId();
  const upload = useMutation({
    mutationFn: uploadImage,
    onSuccess: (image) => onChange(image.url),
  });
  return (
    <div className="space-y-2">
      <TextField
        id={id}
        label={label}
        hint="A picture uploaded to the shop (/media/… address), or upload one below. Leave empty for none."
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value.trim() === '' ? null : e.target.value.trim())}
      />
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label htmlFor={fileId} className="font-medium">
          Upload a picture for {label.toLowerCase()}
        </label>
        <input
          id={fileId}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          disabled={upload.isPending}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) upload.mutate(file);
            e.target.value = '';
          }}
        />
        {upload.isPending ? <span role="status">Uploading…</span> : null}
      </div>
      <ErrorText error={upload.error} />
    </div>
  );
}
