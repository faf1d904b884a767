import { createHash } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { UPLOAD_MAX_BYTES, uploadUrl } from '@shop/contracts/admin-catalog';

/**
 * Pictures given by URL in an import (ADR 024). A picture of this shop (`/media/…`, or its own
 * address) is kept as it is; any other is fetched once and stored like an admin upload, under an id made
 * from its URL (a name-based UUID), so importing the same file again finds it stored and fetches nothing.
 *
 * Fetching is guarded: http(s) only, no credentials in the URL, no private or loopback address (checked
 * on the address actually connected to, redirects included) unless IMPORT_IMAGES_ALLOW_PRIVATE, at most
 * UPLOAD_MAX_BYTES, an image content type, all within IMPORT_IMAGE_TIMEOUT_MS. The bytes are then sniffed
 * and re-encoded by the media module as any upload is.
 */

export const MAX_URL_CHARS = 2048;
const MAX_REDIRECTS = 3;
const LOCAL_PATH = /^\/media\/[A-Za-z0-9._~\-/]+$/;
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);

/** Where a picture of an imported row comes from. */
export type ImageSource = { kind: 'local'; path: string } | { kind: 'remote'; url: string; uploadId: string };

export interface ImagePolicy {
  /** The shop's own origin (`http://shop.example`): its addresses are its own pictures, not fetched. */
  ownOrigin: string;
  allowPrivate: boolean;
}

/** The private, loopback, link-local and reserved ranges no imported picture may come from. */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const) {
  PRIVATE.addSubnet(net, bits, 'ipv6');
}

/** Whether an IP address (v4, v6, v4-mapped v6) is private, loopback or otherwise not on the internet. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  const version = isIP(address);
  if (version === 0) return true;
  return PRIVATE.check(address, version === 4 ? 'ipv4' : 'ipv6');
}

/** A name-based UUID (RFC 4122 version 5, URL namespace) of an image URL: its upload id. */
export function uploadIdOf(url: string): string {
  const namespace = Buffer.from('6ba7b8119dad11d180b400c04fd430c8', 'hex');
  const hash = createHash('sha1').update(namespace).update(url, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The shop's address of an imported picture once stored. */
export const storedPath = (source: ImageSource): string =>
  source.kind === 'local' ? source.path : uploadUrl(source.uploadId, 'large');

/**
 * Checks the syntax of a picture's URL (no I/O): a `/media/…` path or an http(s) address of a public host.
 * Answers the source or why it is refused.
 */
export function imageSource(raw: string, policy: ImagePolicy): ImageSource | { error: string } {
  const bad = (why: string) => ({ error: `bad image URL ${quote(raw)}: ${why}` });
  if (raw.length > MAX_URL_CHARS) return bad(`longer than ${MAX_URL_CHARS} characters`);
  if (raw.startsWith('/')) {
    return LOCAL_PATH.test(raw) && !raw.includes('..')
      ? { kind: 'local', path: raw }
      : bad('a path must be a picture of this shop (/media/…)');
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return bad('not an address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return bad('only http and https addresses are fetched');
  if (url.username || url.password) return bad('addresses with a user name or password are not fetched');
  if (url.origin === policy.ownOrigin && LOCAL_PATH.test(url.pathname) && !url.pathname.includes('..')) {
    return { kind: 'local', path: url.pathname };
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (
    !policy.allowPrivate &&
    (isIP(host) ? isPrivateAddress(host) : host === 'localhost' || host.endsWith('.localhost'))
  ) {
    return bad('private and loopback addresses are not fetched');
  }
  return { kind: 'remote', url: url.href, uploadId: uploadIdOf(url.href) };
}

const quote = (text: string) => `"${text.length > 80 ? `${text.slice(0, 80)}…` : text}"`;

export interface FetchSettings {
  timeoutMs: number;
  allowPrivate: boolean;
  maxBytes?: number;
}

/** Why a picture could not be fetched, in words for the refusal. */
export class ImageFetchError extends Error {}

/** A DNS lookup that refuses private addresses: the check applies to the address connected to. */
function guardedLookup(allowPrivate: boolean) {
  return (
    hostname: string,
    options: { all?: boolean },
    callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const list = addresses as LookupAddress[];
      if (!allowPrivate && list.some((a) => isPrivateAddress(a.address))) {
        return callback(new ImageFetchError(`${hostname} is a private or loopback address`), '');
      }
      if (options.all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(new ImageFetchError(`${hostname} has no address`), '');
      callback(null, first.address, first.family);
    });
  };
}

/** One GET without following redirects: the status, the location, the type and at most `maxBytes` of body. */
function getOnce(url: URL, settings: Required<FetchSettings>, signal: AbortSignal) {
  return new Promise<{ status: number; location?: string; type: string; body: Buffer }>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(
      url,
      { lookup: guardedLookup(settings.allowPrivate) as never, signal, headers: { accept: 'image/*' } },
      (response) => {
        const status = response.statusCode ?? 0;
        const type = String(response.headers['content-type'] ?? '')
          .split(';')[0]!
          .trim()
          .toLowerCase();
        if (status >= 300 && status < 400) {
          response.resume();
          return resolve({ status, location: response.headers.location, type, body: Buffer.alloc(0) });
        }
        if (status !== 200) {
          response.resume();
          return resolve({ status, type, body: Buffer.alloc(0) });
        }
        const declared = Number(response.headers['content-length']);
        if (declared > settings.maxBytes) {
          response.destroy();
          return reject(new ImageFetchError(`larger than ${settings.maxBytes / (1024 * 1024)} MB`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > settings.maxBytes) {
            response.destroy();
            reject(new ImageFetchError(`larger than ${settings.maxBytes / (1024 * 1024)} MB`));
          } else chunks.push(chunk);
        });
        response.on('end', () => resolve({ status, type, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

/**
 * Fetches a picture's bytes under the guards above, following at most three redirects (each checked
 * again). Throws `ImageFetchError` with the reason in words.
 */
export async function fetchImage(rawUrl: string, options: FetchSettings): Promise<Buffer> {
  const settings = { maxBytes: UPLOAD_MAX_BYTES, ...options };
  const signal = AbortSignal.timeout(settings.timeoutMs);
  let url = new URL(rawUrl);
  try {
    for (let hop = 0; ; hop++) {
      // Node connects to an IP literal without a lookup: the guard checks those here.
      const host = url.hostname.replace(/^\[|\]$/g, '');
      if (!settings.allowPrivate && isIP(host) && isPrivateAddress(host)) {
        throw new ImageFetchError(`${host} is a private or loopback address`);
      }
      const answer = await getOnce(url, settings, signal);
      if (answer.status >= 300 && answer.status < 400 && answer.location) {
        if (hop >= MAX_REDIRECTS) throw new ImageFetchError('too many redirects');
        const next = new URL(answer.location, url);
        if (next.protocol !== 'http:' && next.protocol !== 'https:') {
          throw new ImageFetchError('redirected to an address that is not http or https');
        }
        url = next;
        continue;
      }
      if (answer.status !== 200) throw new ImageFetchError(`the server answered ${answer.status}`);
      if (!IMAGE_TYPES.has(answer.type)) {
        throw new ImageFetchError(`not a picture (${answer.type || 'no content type'}): JPEG, PNG, WebP, GIF or AVIF`);
      }
      if (answer.body.length === 0) throw new ImageFetchError('the picture is empty');
      return answer.body;
    }
  } catch (err) {
    if (err instanceof ImageFetchError) throw err;
    if (signal.aborted) throw new ImageFetchError(`no answer within ${settings.timeoutMs} ms`);
    throw new ImageFetchError((err as Error).message || 'could not be fetched');
  }
}
