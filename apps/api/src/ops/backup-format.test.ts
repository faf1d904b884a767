import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  BackupFormatError,
  BackupReader,
  BackupWriter,
  FORMAT_VERSION,
  MAGIC,
  type Manifest,
  verifySections,
} from './backup-format.ts';

const H = (c: string) => c.repeat(64);

/** A small backup in memory: two tables and the JWT secret, with a manifest that matches (or `edit`ed). */
async function backupBytes(edit: (m: Manifest) => void = () => {}): Promise<Buffer> {
  const stream = new PassThrough();
  const parts: Buffer[] = [];
  stream.on('data', (d: Buffer) => parts.push(d));
  const writer = new BackupWriter(stream);
  await writer.start();
  const users = await writer.section({ type: 'table', name: 'users' }, Buffer.from('1\tada\n2\tbob\n'));
  const orders = await writer.section(
    { type: 'table', name: 'orders' },
    (async function* () {
      yield '10\t1\n';
      yield Buffer.from('11\t2\n12\t2\n');
    })(),
  );
  const secret = await writer.section({ type: 'file', name: 'jwt-secret' }, Buffer.from('s3cret'));
  const manifest: Manifest = {
    format: 'shop-backup',
    version: FORMAT_VERSION,
    created_at: '2026-11-24T07:30:00.000Z',
    server_version: '17.0',
    migrations: [{ hash: H('a'), created_at: 1 }],
    tables: [
      {
        name: 'users',
        columns: ['id', 'name'],
        rows: 2,
        checksum: 'f'.repeat(32),
        bytes: users.bytes,
        sha256: users.sha256,
      },
      {
        name: 'orders',
        columns: ['id', 'user_id'],
        rows: 3,
        checksum: 'e'.repeat(32),
        bytes: orders.bytes,
        sha256: orders.sha256,
      },
    ],
    sequences: [{ name: 'order_number_seq', last_value: '100003', is_called: true }],
    files: [{ name: 'jwt-secret', bytes: secret.bytes, sha256: secret.sha256 }],
  };
  edit(manifest);
  await writer.section({ type: 'manifest' }, Buffer.from(JSON.stringify(manifest)));
  stream.end();
  return Buffer.concat(parts);
}

async function* inPieces(bytes: Buffer, size = 7) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function verify(bytes: Buffer): Promise<Manifest> {
  const reader = new BackupReader(inPieces(bytes));
  await reader.start();
  return verifySections(reader);
}

async function refusal(bytes: Buffer): Promise<BackupFormatError> {
  const err = await verify(bytes).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BackupFormatError);
  return err as BackupFormatError;
}

describe('the backup file', () => {
  it('reads back what was written, sections in order, the manifest last', async () => {
    const bytes = await backupBytes();
    expect(bytes.subarray(0, MAGIC.length).toString()).toBe(MAGIC);
    const manifest = await verify(bytes);
    expect(manifest.tables.map((t) => [t.name, t.rows])).toEqual([
      ['users', 2],
      ['orders', 3],
    ]);
    const reader = new BackupReader(inPieces(bytes, 3));
    await reader.start();
    expect(await reader.header()).toEqual({ type: 'table', name: 'users' });
    expect((await reader.readBody(1000)).data.toString()).toBe('1\tada\n2\tbob\n');
    expect(await reader.header()).toEqual({ type: 'table', name: 'orders' });
    expect((await reader.readBody(1000)).data.toString()).toBe('10\t1\n11\t2\n12\t2\n');
  });

  it('refuses a file of another kind as not a backup', async () => {
    for (const foreign of ['', 'hello\n', '{"format":"shop-backup"}\n', 'PGDMP\u0001\u000e\u0000']) {
      expect((await refusal(Buffer.from(foreign))).reason).toBe('not_a_backup');
    }
  });

  it('refuses a backup of a newer format version', async () => {
    expect((await refusal(Buffer.from('SHOP-BACKUP 2\n'))).reason).toBe('unsupported_version');
    const newer = await backupBytes((m) => {
      (m as { version: number }).version = 2;
    });
    expect((await refusal(newer)).reason).toBe('unsupported_version');
  });

  it('refuses a changed byte, a cut-off file, and a manifest that does not describe the sections', async () => {
    const good = await backupBytes();
    const at = good.indexOf('bob');
    const flipped = Buffer.from(good);
    flipped[at] = 'B'.charCodeAt(0);
    expect(await refusal(flipped)).toMatchObject({
      reason: 'damaged',
      message: 'table:users does not match its checksum',
    });
    for (const cut of [good.length - 1, at, MAGIC.length + 3]) {
      expect((await refusal(good.subarray(0, cut))).reason).toBe('damaged');
    }
    const rows = await backupBytes((m) => {
      m.tables[1]!.rows = 4;
    });
    expect((await refusal(rows)).message).toBe('table:orders has 3 rows, the manifest says 4');
    const missing = await backupBytes((m) => {
      m.tables.push({ ...m.tables[0]!, name: 'payments' });
    });
    expect((await refusal(missing)).message).toBe('table:payments is missing');
    const extra = await backupBytes((m) => {
      m.files = [];
    });
    expect((await refusal(extra)).message).toBe('file:jwt-secret is not in the manifest');
    const unnamed = await backupBytes((m) => {
      m.tables[0]!.name = 'users; drop table orders';
    });
    expect((await refusal(unnamed)).message).toBe('the manifest is not a shop backup manifest');
  });
});
