/**
 * A message for the next page: a toast shown right before a full page load dies with the old page, so
 * it is handed over in sessionStorage (this tab only) and shown, once, by the next page's toaster.
 */
export interface Flash {
  kind: 'error' | 'success';
  message: string;
  /** The toast's id, so the same message never shows twice. */
  id?: string;
}

const KEY = 'flash';

/** Leaves `flash` for the next page of this tab. */
export function leaveFlash(flash: Flash): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(flash));
  } catch {
    // Storage disabled: the message is lost with the page, as before.
  }
}

/** The message the previous page left, if any; it is forgotten as it is read (shown once). */
export function takeFlash(): Flash | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (raw === null) return null;
    window.sessionStorage.removeItem(KEY);
    const value = JSON.parse(raw) as Partial<Flash> | null;
    if (!value || typeof value.message !== 'string' || (value.kind !== 'error' && value.kind !== 'success'))
      return null;
    return { kind: value.kind, message: value.message, ...(typeof value.id === 'string' ? { id: value.id } : {}) };
  } catch {
    return null;
  }
}
