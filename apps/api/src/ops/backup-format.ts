import { createHash, type Hash } from 'node:crypto';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { z } from 'zod';

/**
 * The backup file: gzip around a magic line and a sequence of sections. A section
 * is a one-line JSON header and a body in length-prefixed chunks (4-byte big-endian length, then the
 * bytes; a zero length ends the body). Sections: one per table (its `COPY … TO STDOUT` text, one line
 * per row), one per file of DATA_DIR, and last the manifest (JSON) that lists them all with their sizes
 * and hashes — last because it is only known once everything is written; a reader checks the whole file
 * against it before a restore changes anything.
 */
export const MAGIC = 'SHOP-BACKUP 1\n';
export const FORMAT_VERSION = 1;

/** Files of DATA_DIR a backup may carry beside the database. */
export const BACKUP_FILES = ['jwt-secret'] as const;
export type BackupFileName = (typeof BACKUP_FILES)[number];

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const identifier = z.string().regex(/^[a-z_][a-z0-9_]*$/, 'must be a plain lower-case SQL name');

export const manifestSchema = z.strictObject({
  format: z.literal('shop-backup'),
  version: z.literal(FORMAT_VERSION),
  created_at: z.iso.datetime(),
  server_version: z.string(),
  /** drizzle's record of applied migrations in the source database, oldest first. */
  migrations: z.array(z.strictObject({ hash: sha256, created_at: z.number().int() })),
  /** In load order: a table comes after every table its foreign keys point at. */
  tables: z.array(
    z.strictObject({
      name: identifier,
      columns: z.array(identifier).min(1),
      rows: z.number().int().min(0),
      /** An order-independent hash of every row's text, computed by PostgreSQL in the snapshot (tableFigures). */
      checksum: z.string().regex(/^[0-9a-f]{32}$/),
      bytes: z.number().int().min(0),
      sha256,
    }),
  ),
  sequences: z.array(
    z.strictObject({ name: identifier, last_value: z.string().regex(/^-?\d+$/), is_called: z.boolean() }),
  ),
  files: z.array(z.strictObject({ name: z.enum(BACKUP_FILES), bytes: z.number().int().min(0), sha256 })),
});
export type Manifest = z.infer<typeof manifestSchema>;
export type TableEntry = Manifest['tables'][number];

const headerSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('table'), name: identifier }),
  z.strictObject({ type: z.literal('file'), name: z.enum(BACKUP_FILES) }),
  z.strictObject({ type: z.literal('manifest') }),
]);
export type SectionHeader = z.infer<typeof headerSchema>;

/** Why a file cannot be read as a backup. `detail` says where; the message is the caller's. */
export class BackupFormatError extends Error {
  constructor(
    readonly reason: 'not_a_backup' | 'damaged' | 'unsupported_version',
    detail: string,
  ) {
    super(detail);
  }
}

/** What a written section held: its size, its SHA-256 and its number of lines (= rows for a table). */
export interface SectionFacts {
  bytes: number;
  sha256: string;
  lines: number;
}

/** Counts, hashes and line-counts a section's body as it passes. */
export class SectionTally {
  private hash: Hash = createHash('sha256');
  bytes = 0;
  lines = 0;
  add(chunk: Buffer) {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) this.lines++;
  }
  facts(): SectionFacts {
    return { bytes: this.bytes, sha256: this.hash.digest('hex'), lines: this.lines };
  }
}

const MAX_CHUNK = 1 << 20;

/** Writes the sections of a backup into `out` (the gzip stream), honouring its backpressure. */
export class BackupWriter {
  constructor(private readonly out: Writable) {}

  async start(): Promise<void> {
    await this.write(Buffer.from(MAGIC));
  }

  async section(header: SectionHeader, body: AsyncIterable<Buffer | string> | Buffer): Promise<SectionFacts> {
    await this.write(Buffer.from(`${JSON.stringify(header)}\n`));
    const tally = new SectionTally();
    const chunks = Buffer.isBuffer(body) ? [body] : body;
    for await (const piece of chunks) {
      const buf = typeof piece === 'string' ? Buffer.from(piece) : piece;
      for (let at = 0; at < buf.length; at += MAX_CHUNK) {
        const chunk = buf.subarray(at, at + MAX_CHUNK);
        tally.add(chunk);
        await this.write(lengthOf(chunk.length));
        await this.write(chunk);
      }
    }
    await this.write(lengthOf(0));
    return tally.facts();
  }

  private async write(buf: Buffer) {
    if (!this.out.write(buf)) await once(this.out, 'drain');
  }
}

function lengthOf(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

/**
 * Reads a backup's sections from its (gunzipped) bytes: `header()` then `body()` for each, in order.
 * Every structural problem is a BackupFormatError: before the magic line `not_a_backup`, after it `damaged`.
 */
export class BackupReader {
  private buffered: Buffer = Buffer.alloc(0);
  private readonly source: AsyncIterator<Buffer>;
  private ended = false;
  private started = false;

  constructor(source: AsyncIterable<Buffer>) {
    this.source = source[Symbol.asyncIterator]();
  }

  /** Checks the magic line; a file of another kind or version is refused here. */
  async start(): Promise<void> {
    const line = await this.readLine(64).catch((err) => {
      throw err instanceof BackupFormatError ? new BackupFormatError('not_a_backup', 'no backup header') : err;
    });
    const [word, version] = line.split(' ');
    if (word !== MAGIC.split(' ')[0]) throw new BackupFormatError('not_a_backup', 'no backup header');
    if (version !== String(FORMAT_VERSION)) {
      throw new BackupFormatError('unsupported_version', `format version ${version}`);
    }
    this.started = true;
  }

  /** The next section's header, or undefined at the end of the file. */
  async header(): Promise<SectionHeader | undefined> {
    if (!(await this.fill(1))) return undefined;
    const line = await this.readLine(1024);
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      throw new BackupFormatError('damaged', 'a section header is not JSON');
    }
    const header = headerSchema.safeParse(parsed);
    if (!header.success) throw new BackupFormatError('damaged', 'a section header is not one we know');
    return header.data;
  }

  /** The current section's body, chunk by chunk; it must be read to its end before the next header. */
  async *body(): AsyncGenerator<Buffer> {
    for (;;) {
      const length = (await this.take(4)).readUInt32BE();
      if (length === 0) return;
      if (length > MAX_CHUNK) throw new BackupFormatError('damaged', 'a chunk is larger than any we write');
      yield await this.take(length);
    }
  }

  /** Reads a body whole, with its facts (the manifest, small files). */
  async readBody(limit: number): Promise<{ data: Buffer; facts: SectionFacts }> {
    const tally = new SectionTally();
    const parts: Buffer[] = [];
    for await (const chunk of this.body()) {
      tally.add(chunk);
      if (tally.bytes > limit) throw new BackupFormatError('damaged', 'a section is larger than expected');
      parts.push(chunk);
    }
    return { data: Buffer.concat(parts), facts: tally.facts() };
  }

  /** Reads a body to its end, returning only its facts (for checking a table without keeping it). */
  async tallyBody(): Promise<SectionFacts> {
    const tally = new SectionTally();
    for await (const chunk of this.body()) tally.add(chunk);
    return tally.facts();
  }

  private async readLine(limit: number): Promise<string> {
    for (;;) {
      const end = this.buffered.indexOf(10);
      if (end !== -1 && end < limit) {
        const line = this.buffered.subarray(0, end).toString('utf8');
        this.buffered = this.buffered.subarray(end + 1);
        return line;
      }
      if (this.buffered.length >= limit || !(await this.more())) {
        throw new BackupFormatError(this.started ? 'damaged' : 'not_a_backup', 'a header line is cut off');
      }
    }
  }

  private async take(n: number): Promise<Buffer> {
    if (!(await this.fill(n))) throw new BackupFormatError('damaged', 'the file ends in the middle of a section');
    const out = this.buffered.subarray(0, n);
    this.buffered = this.buffered.subarray(n);
    return out;
  }

  private async fill(n: number): Promise<boolean> {
    while (this.buffered.length < n) if (!(await this.more())) return false;
    return true;
  }

  private async more(): Promise<boolean> {
    if (this.ended) return false;
    const next = await this.source.next();
    if (next.done) {
      this.ended = true;
      return false;
    }
    this.buffered = this.buffered.length === 0 ? next.value : Buffer.concat([this.buffered, next.value]);
    return true;
  }
}

/**
 * Reads a whole backup (after `start()`): checks every section against the manifest at its end and
 * returns the manifest. Nothing is loaded; a file that passes here has exactly the bytes its manifest
 * names, so a restore that follows can only fail on the target.
 */
export async function verifySections(reader: BackupReader): Promise<Manifest> {
  const seen = new Map<string, SectionFacts>();
  for (;;) {
    const header = await reader.header();
    if (!header) throw new BackupFormatError('damaged', 'the file ends before its manifest');
    if (header.type === 'manifest') {
      const { data } = await reader.readBody(64 << 20);
      if (await reader.header()) throw new BackupFormatError('damaged', 'sections after the manifest');
      const manifest = parseManifest(data);
      checkAgainstManifest(manifest, seen);
      return manifest;
    }
    const key = `${header.type}:${header.name}`;
    if (seen.has(key)) throw new BackupFormatError('damaged', `${key} appears twice`);
    seen.set(key, await reader.tallyBody());
  }
}

export function parseManifest(data: Buffer): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(data.toString('utf8'));
  } catch {
    throw new BackupFormatError('damaged', 'the manifest is not JSON');
  }
  const version = (json as { version?: unknown } | null)?.version;
  if (typeof version === 'number' && version !== FORMAT_VERSION) {
    throw new BackupFormatError('unsupported_version', `manifest version ${version}`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw new BackupFormatError('damaged', 'the manifest is not a shop backup manifest');
  return parsed.data;
}

/** Every section the manifest names is there with its size, hash and (tables) row count, and nothing else. */
export function checkAgainstManifest(manifest: Manifest, seen: Map<string, SectionFacts>): void {
  const expected = new Map<string, { bytes: number; sha256: string; rows?: number }>();
  for (const t of manifest.tables) expected.set(`table:${t.name}`, t);
  for (const f of manifest.files) expected.set(`file:${f.name}`, f);
  for (const [key, want] of expected) {
    const got = seen.get(key);
    if (!got) throw new BackupFormatError('damaged', `${key} is missing`);
    if (got.bytes !== want.bytes || got.sha256 !== want.sha256) {
      throw new BackupFormatError('damaged', `${key} does not match its checksum`);
    }
    if (want.rows !== undefined && got.lines !== want.rows) {
      throw new BackupFormatError('damaged', `${key} has ${got.lines} rows, the manifest says ${want.rows}`);
    }
  }
  for (const key of seen.keys()) {
    if (!expected.has(key)) throw new BackupFormatError('damaged', `${key} is not in the manifest`);
  }
}
