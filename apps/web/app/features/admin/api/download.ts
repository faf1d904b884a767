import { api } from '../../../lib/http.ts';

/**
 * Downloads an admin CSV export. The session is a bearer token (docs/product.md §3), which a plain link cannot
 * carry, so the file is fetched with it and handed to the browser as a blob.
 */
export async function downloadCsv(path: string, params: Record<string, string | number | undefined>, filename: string) {
  const searchParams: Record<string, string> = { format: 'csv' };
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') searchParams[key] = String(value);
  saveBlob(await api.get(path, { searchParams }).blob(), filename);
}

/** Downloads a file of the admin API (an invoice PDF) with the session's token, as `downloadCsv`. */
export async function downloadFile(path: string, filename: string) {
  saveBlob(await api.get(path).blob(), filename);
}

function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
