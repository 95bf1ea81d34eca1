import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { keptBodyFor } from '@mnemo/http-edge';

/** Paths the UI never answers: the API and the operational routes keep their own 404s. */
export const RESERVED_PREFIXES = [
  '/v1',
  '/mcp',
  '/openapi.json',
  '/docs',
  '/healthz',
  '/readyz',
  '/metrics',
] as const;

const HTML = 'text/html; charset=utf-8';
const CONTENT_TYPES: Record<string, string> = {
  '.html': HTML,
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json)|image\/svg)/;

/** Vite names what it builds under assets/ by content hash: such a file never changes under its name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

export interface WebFile {
  body: Buffer;
  /** Text worth compressing; images and fonts already are. */
  compressible: boolean;
  contentType: string;
  cacheControl: string;
  etag: string;
}

export interface WebAnswer {
  status: 200 | 304 | 503;
  headers: Record<string, string>;
  body: Buffer;
}

export function isReserved(urlPath: string): boolean {
  return RESERVED_PREFIXES.some(
    (prefix) =>
      urlPath === prefix || urlPath.startsWith(`${prefix}/`) || urlPath.startsWith(`${prefix}?`),
  );
}

function load(file: string, relative: string): WebFile {
  const body = readFileSync(file);
  const contentType = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  return {
    body,
    compressible: COMPRESSIBLE.test(contentType),
    contentType,
    cacheControl: relative.startsWith('assets/') ? IMMUTABLE : REVALIDATE,
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
  };
}

function walk(dir: string, base = dir, out = new Map<string, WebFile>()): Map<string, WebFile> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, base, out);
    else if (entry.isFile()) {
      const relative = path.relative(base, full).split(path.sep).join('/');
      out.set(`/${relative}`, load(full, relative));
    }
  }
  return out;
}

const NOT_BUILT = Buffer.from(
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mnemo</title></head><body>' +
    '<main><h1>Mnemo</h1><p>The web UI is not built yet: run <code>npm run build:web</code> (npm install runs it), then reload.</p></main></body></html>',
);

/**
 * The built UI, read into memory once (a few hundred kB) and served from there: each file with its
 * content type, an ETag, gzip when the client takes it, and a cache policy (hashed assets for a year,
 * the rest revalidated). Any other path that is not the API's answers index.html, so the app's own
 * routes (/explorer, /profile …) load on a reload. A new build is picked up when index.html changes.
 */
export class WebUiFiles {
  private files: Map<string, WebFile> | null = null;
  private indexStamp = '';

  constructor(private readonly dir: string | null) {}

  private current(): Map<string, WebFile> | null {
    if (!this.dir) return null;
    let stamp: string;
    try {
      const stat = statSync(path.join(this.dir, 'index.html'));
      stamp = `${stat.mtimeMs}:${stat.size}`;
    } catch {
      this.files = null;
      return null;
    }
    if (!this.files || stamp !== this.indexStamp) {
      this.files = walk(this.dir);
      this.indexStamp = stamp;
    }
    return this.files;
  }

  /** The answer for a GET of `urlPath` (no query), or null when nothing is there (a 404). */
  answer(
    urlPath: string,
    request: { ifNoneMatch?: string; acceptEncoding?: string },
  ): WebAnswer | null {
    let pathname: string;
    try {
      pathname = decodeURIComponent(urlPath.split('?')[0] ?? '');
    } catch {
      return null;
    }
    if (isReserved(pathname)) return null;
    const files = this.current();
    if (!files)
      return {
        status: 503,
        headers: { 'content-type': HTML, 'cache-control': 'no-store' },
        body: NOT_BUILT,
      };
    let file = files.get(pathname === '/' ? '/index.html' : pathname);
    // The app's own routes have no extension; a missing file with one (a stale asset) is a 404.
    if (!file && !path.posix.extname(pathname)) file = files.get('/index.html');
    if (!file) return null;
    const headers: Record<string, string> = {
      'content-type': file.contentType,
      'cache-control': file.cacheControl,
      etag: file.etag,
      vary: 'Accept-Encoding',
      'x-content-type-options': 'nosniff',
    };
    if (
      request.ifNoneMatch &&
      request.ifNoneMatch.split(',').some((tag) => tag.trim() === file.etag)
    ) {
      return { status: 304, headers, body: Buffer.alloc(0) };
    }
    // compressed on its first ask, then kept while the build is
    const sent = file.compressible
      ? keptBodyFor(file.body, request.acceptEncoding)
      : { body: file.body };
    return {
      status: 200,
      headers: sent.encoding ? { ...headers, 'content-encoding': sent.encoding } : headers,
      body: sent.body,
    };
  }
}
