import { get } from 'react-hook-form';
import { AdminApiError } from './api/client.ts';

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

/** A complaint about a body: its path as an array (zod) or dotted under `body.` (the API's 400 `details.issues`). */
export interface WireIssue {
  path: readonly PropertyKey[] | string;
  message: string;
}

/** An issue's path within the body, list indexes as numbers: `body.zones.0.name` → `['zones', 0, 'name']`. */
export function issuePath(path: WireIssue['path']): (string | number)[] {
  const parts = typeof path === 'string' ? path.split('.').filter((p) => p !== '') : path.map(String);
  const list = parts[0] === 'body' ? parts.slice(1) : parts;
  return list.map((p) => (/^\d+$/.test(String(p)) ? Number(p) : String(p)));
}

/** The 400's complaints (`details.issues`), or none when the API refused for another reason. */
export function issuesOf(error: unknown): WireIssue[] {
  if (!(error instanceof AdminApiError)) return [];
  const issues = (error.details as { issues?: unknown } | undefined)?.issues;
  return Array.isArray(issues)
    ? issues.filter(
        (i): i is WireIssue => typeof i?.message === 'string' && (typeof i.path === 'string' || Array.isArray(i.path)),
      )
    : [];
}

/**
 * Complaints sorted for a form: those a field shows (`fieldOf` names it; its first complaint only), and
 * the messages of the rest for the alert above the form.
 */
export function placeIssues(
  issues: readonly WireIssue[],
  fieldOf: (path: WireIssue['path']) => string | null,
): { fields: Map<string, string>; unplaced: string[] } {
  const fields = new Map<string, string>();
  const unplaced: string[] = [];
  for (const issue of issues) {
    const field = fieldOf(issue.path);
    if (field === null) unplaced.push(issue.message);
    else if (!fields.has(field)) fields.set(field, issue.message);
  }
  return { fields, unplaced };
}

/** The message react-hook-form holds for the field `name`, if any. */
export function messageAt(errors: unknown, name: string): string | undefined {
  const found = get(errors, name) as { message?: unknown } | undefined;
  return typeof found?.message === 'string' && found.message !== '' ? found.message : undefined;
}
