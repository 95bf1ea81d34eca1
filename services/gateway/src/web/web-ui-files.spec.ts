import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { isReserved, WebUiFiles } from './web-ui-files';

describe('WebUiFiles: the built UI as the gateway serves it', () => {
  let dir: string;
  const big = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'web-ui-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Mnemo</title>');
    writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), big);
    writeFileSync(path.join(dir, 'assets', 'index-abc123.css'), 'body{}');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('serves files with their content type, hashed assets as immutable and the page revalidated', () => {
    const files = new WebUiFiles(dir);
    const page = files.answer('/', {})!;
    expect(page).toMatchObject({
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' },
    });
    expect(page.body.toString()).toContain('<title>Mnemo</title>');
    expect(files.answer('/assets/index-abc123.css', {})!.headers).toMatchObject({
      'content-type': 'text/css; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(files.answer('/assets/index-abc123.js?v=1', {})!.headers['content-type']).toBe(
      'text/javascript; charset=utf-8',
    );
  });

  it("answers index.html for the app's own routes, 404 (null) for a missing file and for every API prefix", () => {
    const files = new WebUiFiles(dir);
    expect(files.answer('/explorer', {})!.body.toString()).toContain('<title>Mnemo</title>');
    expect(files.answer('/sessions/s-1?turns=3', {})!.headers['content-type']).toBe(
      'text/html; charset=utf-8',
    );
    expect(files.answer('/assets/index-old.js', {})).toBeNull();
    for (const reserved of [
      '/v1',
      '/v1/nope',
      '/mcp',
      '/openapi.json',
      '/docs',
      '/healthz',
      '/readyz',
      '/metrics',
      '/metrics?x=1',
    ]) {
      expect(files.answer(reserved, {})).toBeNull();
    }
    expect(isReserved('/v1x')).toBe(false);
    expect(isReserved('/docsearch')).toBe(false);
  });

  it('gzips text for a client that takes it, and answers 304 to a matching ETag', () => {
    const files = new WebUiFiles(dir);
    const zipped = files.answer('/assets/index-abc123.js', { acceptEncoding: 'br, gzip' })!;
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.body).toString()).toBe(big);
    expect(
      files.answer('/assets/index-abc123.js', {})!.headers['content-encoding'],
    ).toBeUndefined();
    expect(
      files
        .answer('/assets/index-abc123.js', { acceptEncoding: 'gzip;q=0, identity' })!
        .body.toString(),
    ).toBe(big);
    const again = files.answer('/assets/index-abc123.js', {
      ifNoneMatch: `"nope", ${zipped.headers.etag}`,
    })!;
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('says how to build the UI while it is not built, and picks up a build made after start', () => {
    rmSync(path.join(dir, 'index.html'));
    const files = new WebUiFiles(dir);
    const missing = files.answer('/', {})!;
    expect(missing.status).toBe(503);
    expect(missing.body.toString()).toContain('npm run build:web');
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>v1</title>');
    expect(files.answer('/', {})!.body.toString()).toContain('v1');
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>v2, longer</title>');
    utimesSync(path.join(dir, 'index.html'), new Date(), new Date(Date.now() + 5000));
    expect(files.answer('/', {})!.body.toString()).toContain('v2');
  });

  it('serves nothing without a directory', () => {
    expect(new WebUiFiles(null).answer('/', {})).toMatchObject({ status: 503 });
  });
});
