// The e2e shop's own database, read directly: the scan that proves no card number was
// stored anywhere. The shop's embedded PostgreSQL (apps/api/src/db/embedded.ts) keeps its password in
// DATA_DIR/pg-password and listens on 127.0.0.1 at the port its postmaster writes on the fourth line
// of postmaster.pid; the shop's database is `shop`.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { E2E_DATA_DIR } from '../../playwright.config.ts';

/** A client on the e2e shop's database, as its owner (read-only use: the tests only look). */
export async function e2eDatabase(): Promise<pg.Client> {
  const dataDir = path.resolve(E2E_DATA_DIR);
  const password = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  // DATA_DIR/pg may be a symlink to the cluster (a root start, ADR 018): reading through it follows it.
  const pid = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
  const port = Number(pid[3]);
  if (!Number.isInteger(port) || port <= 0) throw new Error(`no port in ${dataDir}/pg/postmaster.pid`);
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'shop' });
  await client.connect();
  return client;
}

/** A text-like column: text, varchar, char, json, jsonb (and arrays of them). */
export interface TextColumn {
  schema: string;
  table: string;
  column: string;
}

const TEXT_TYPES = ['text', 'varchar', 'bpchar', 'json', 'jsonb'];

/** Every text-like column of every table in every schema of the database (PostgreSQL's own excepted). */
export async function textColumns(db: pg.Client): Promise<TextColumn[]> {
  const res = await db.query<{ schema: string; table: string; column: string }>(
    `select c.table_schema as schema, c.table_name as table, c.column_name as column
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where t.table_type = 'BASE TABLE'
        and c.table_schema not in ('pg_catalog', 'information_schema')
        and c.table_schema not like 'pg\\_%'
        and (c.udt_name = any($1) or c.udt_name = any($2))
      order by 1, 2, 3`,
    [TEXT_TYPES, TEXT_TYPES.map((t) => `_${t}`)],
  );
  return res.rows;
}

/** What the scan found: where, and the digits. */
export interface CardNumberHit extends TextColumn {
  digits: string;
  value: string;
}

/**
 * A card number as it could be written: 12–19 digits, single spaces or dashes allowed between them,
 * standing on its own (not part of a longer word, hash or id — a hex hash often holds long digit runs).
 */
const CANDIDATE = /(?<![0-9A-Za-z])\d(?:[ -]?\d){11,18}(?![0-9A-Za-z])/g;

/**
 * The Luhn checksum every card number carries. Written here again on purpose, not imported from
 * packages/contracts/src/cards.ts: the scan checks what the shop stored, so it must not share the shop's
 * own card check — a bug there would blind the scan to the very numbers it let through.
 */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A UUID (8-4-4-4-12 hex): its all-digit middle groups can read as a dashed 12-digit number. */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** The card numbers in a piece of text: every Luhn-valid candidate outside a UUID. */
export function cardNumbersIn(text: string): string[] {
  const found: string[] = [];
  for (const m of text.replace(UUID, ' ').matchAll(CANDIDATE)) {
    const digits = m[0].replace(/[ -]/g, '');
    if (luhnValid(digits)) found.push(digits);
  }
  return found;
}

/** What PostgreSQL looks for first: a run of 12 digits, a space or dash allowed between any two. */
export const DIGIT_RUN_SQL = '[0-9]([ -]?[0-9]){11}';

/** Scans every text-like column of every table for card numbers; answers each hit. */
export async function scanForCardNumbers(db: pg.Client): Promise<{ columns: number; hits: CardNumberHit[] }> {
  const columns = await textColumns(db);
  const hits: CardNumberHit[] = [];
  for (const col of columns) {
    const table = `${db.escapeIdentifier(col.schema)}.${db.escapeIdentifier(col.table)}`;
    const column = db.escapeIdentifier(col.column);
    // Only values with a run of 12 digits (separators allowed) can hold one; PostgreSQL picks them out.
    const res = await db.query<{ value: string }>(
      `select ${column}::text as value from ${table} where ${column}::text ~ $1`,
      [DIGIT_RUN_SQL],
    );
    for (const { value } of res.rows) {
      for (const digits of cardNumbersIn(value)) hits.push({ ...col, digits, value: value.slice(0, 300) });
    }
  }
  return { columns: columns.length, hits };
}
