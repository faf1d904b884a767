/** Reading a failed API call (ky's HTTPError carries the Response; no answer at all carries none). */

/** The HTTP status of a failed API call, or undefined when the server did not answer. */
export function statusOf(error: unknown): number | undefined {
  const response = (error as { response?: unknown } | null)?.response;
  return response instanceof Response ? response.status : undefined;
}

/** The `message` and `details` of the API's error body (`{message, code, details?}`), when readable. */
export async function errorBodyOf(error: unknown): Promise<{ message?: string; details?: Record<string, unknown> }> {
  const response = (error as { response?: unknown } | null)?.response;
  if (!(response instanceof Response)) return {};
  try {
    const body = (await response.clone().json()) as unknown;
    return typeof body === 'object' && body !== null ? body : {};
  } catch {
    return {};
  }
}
