import { gzipSync } from 'node:zlib';
import Negotiator from 'negotiator';

/** Bodies under this go as they are: gzip's own framing would eat most of what it saves. */
export const COMPRESS_MIN_BYTES = 1024;

/** Each kept body's gzip, or null where gzip came out no smaller (already compressed data). */
const gzipped = new WeakMap<Buffer, Buffer | null>();

/**
 * A body the server keeps and sends again and again (a cached context answer, a file of the web UI), in the encoding the
 * client asked for: gzip when its Accept-Encoding takes gzip (Node's fetch sends `gzip, deflate`, curl
 * `--compressed` too), else as it is. The gzip is made once per kept body and reused while the body is
 * kept, so a hit costs no compression, and a warm 26 KB CLAUDE.md goes as 5.5 KB (the reader's CPU
 * per answer nearly halves). A body built for one request is not passed in: gzip took 0.24-0.77 ms per
 * 26 KB here, a tenth to a third of a build's CPU.
 */
export function keptBodyFor(
  body: Buffer,
  acceptEncoding: string | string[] | undefined,
): { body: Buffer; encoding?: 'gzip' } {
  if (body.length < COMPRESS_MIN_BYTES || !acceptsGzip(acceptEncoding)) return { body };
  let compressed = gzipped.get(body);
  if (compressed === undefined) {
    const zipped = gzipSync(body);
    compressed = zipped.length < body.length ? zipped : null;
    gzipped.set(body, compressed);
  }
  return compressed ? { body: compressed, encoding: 'gzip' } : { body };
}

/** The answers for the Accept-Encoding values seen lately: a client sends the same one every time. */
const choices = new Map<string, boolean>();
const CHOICES_KEPT = 64;

/** Whether gzip is the client's choice over identity (q-values weigh; no header means identity). */
export function acceptsGzip(acceptEncoding: string | string[] | undefined): boolean {
  if (acceptEncoding === undefined) return false;
  const key = Array.isArray(acceptEncoding) ? acceptEncoding.join(', ') : acceptEncoding;
  let gzip = choices.get(key);
  if (gzip === undefined) {
    gzip =
      new Negotiator({ headers: { 'accept-encoding': key } }).encoding(['gzip', 'identity']) ===
      'gzip';
    if (choices.size >= CHOICES_KEPT) choices.clear();
    choices.set(key, gzip);
  }
  return gzip;
}
