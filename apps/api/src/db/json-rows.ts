import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * A row that a statement sent back as JSON (`to_jsonb(t)`, keys are the column names), as drizzle's
 * select would have answered it: property names of the schema, timestamps as Dates. For reads that
 * gather several tables' rows in one statement (one round trip instead of one per table).
 */
export function rowFromJson<T extends PgTable>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [property, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    // jsonb values arrive decoded already: parsing again would turn a JSON string into something else.
    row[property] =
      value === null || value === undefined
        ? null
        : column.columnType === 'PgJsonb'
          ? value
          : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
