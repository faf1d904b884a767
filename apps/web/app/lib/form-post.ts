import type { z } from 'zod';

/** What a form post's action answers, for the form to show after a post without JavaScript. */
export interface FormAnswer {
  tone: 'success' | 'error';
  text: string;
}

/** The posted form of a request, or null when its body is not one. */
export async function postedForm(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}

/** A posted text field (a file, or a field not sent, is undefined). */
export function textField(form: FormData | null, name: string): string | undefined {
  const value = form?.get(name);
  return typeof value === 'string' ? value : undefined;
}

/**
 * The named text fields of a posted form, checked by `schema` — the API's own body schema, so a form
 * posted without JavaScript meets the same rules and messages as the API route it stands in for.
 * Fields not named and files are left out; an optional field sent empty takes its default, if any, or
 * is left out.
 */
export function readForm<S extends z.ZodType>(
  form: FormData | null,
  schema: S,
  fields: { required: readonly string[]; optional?: Readonly<Record<string, string | undefined>> },
): { ok: true; value: z.output<S> } | { ok: false; text: string } {
  if (!form) return { ok: false, text: 'The request body is not a form' };
  const values: Record<string, string> = {};
  for (const name of fields.required) values[name] = textField(form, name) ?? '';
  for (const [name, fallback] of Object.entries(fields.optional ?? {})) {
    const value = textField(form, name) || fallback;
    if (value) values[name] = value;
  }
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, text: parsed.error.issues[0]?.message ?? 'The request is invalid' };
}
