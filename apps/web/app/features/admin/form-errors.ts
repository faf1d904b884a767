/**
 * The first complaint of a form checked with its contract schema (zodResolver keeps the schema's order):
 * the admin forms that show one message above their Save button show the one the API would answer with
 * (its error handler answers with the first issue too). Works on a part of the errors as well.
 */
export function firstErrorMessage(errors: unknown): string | undefined {
  const walk = (node: unknown): string | undefined => {
    if (!node || typeof node !== 'object') return undefined;
    const { message } = node as { message?: unknown };
    if (typeof message === 'string' && message !== '') return message;
    for (const [key, child] of Object.entries(node)) {
      if (key === 'ref' || key === 'types') continue;
      const found = walk(child);
      if (found) return found;
    }
    return undefined;
  };
  return walk(errors);
}
