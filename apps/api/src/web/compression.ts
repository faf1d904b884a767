import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * On-the-fly compression of the pages' answers (docs/architecture.md §8). Our own, not `@fastify/compress`
 * (ADR 019): that plugin attaches to routes only, and pages are Fastify's not-found handler (ADR 005);
 * its negotiation also reads `*` as gzip, even where the client refused gzip. Pre-compressed build
 * files are `@fastify/static`'s (`preCompressed`).
 */

/** Responses worth compressing on the fly: documents, single-fetch data, text. */
export const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml)|image\/svg\+xml)/;

/**
 * The body as the client accepts it: brotli or gzip (br at equal weight), or as it is. Either way the
 * answer varies with `Accept-Encoding`, so `Vary` says so; a compressed one drops `Content-Length`.
 */
export function compressed(request: FastifyRequest, reply: FastifyReply, body: Readable): Readable {
  reply.header('vary', appendVary(reply.getHeader('vary'), 'accept-encoding'));
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (!encoding) return body;
  // docs/architecture.md §8: uncompressed HTML costs ~10 Lighthouse points on mobile. Flush every write so a
  // streamed page still reaches the browser piece by piece.
  const compressor =
    encoding === 'br'
      ? zlib.createBrotliCompress({
          flush: zlib.constants.BROTLI_OPERATION_FLUSH,
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
        })
      : zlib.createGzip({ flush: zlib.constants.Z_SYNC_FLUSH, level: 6 });
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  return pipeline(body, compressor, (err) => {
    if (err && err.code !== 'ERR_STREAM_PREMATURE_CLOSE') request.log.warn({ err }, 'web response stream failed');
  });
}

/** The best encoding the client accepts (br over gzip at equal weight), or none. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q ? Number.parseFloat(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weight('br');
  const gzip = weight('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return undefined;
}

function appendVary(current: unknown, field: string): string {
  const existing = typeof current === 'string' ? current : Array.isArray(current) ? current.join(', ') : '';
  const fields = existing
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (fields.some((f) => f === '*' || f.toLowerCase() === field)) return fields.join(', ');
  return [...fields, field].join(', ');
}
