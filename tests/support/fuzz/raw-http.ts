import http from 'node:http';

export interface RawRequest {
  method: string;
  /** Already encoded: sent as is. */
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: any;
}

/**
 * One request over a real socket to 127.0.0.1 (no framework in between, so the fuzz sees what any
 * client sees, whatever serves the port). A server-sent stream is answered as soon as its head arrives.
 */
export function send(port: number, request: RawRequest, timeoutMs = 15_000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const body =
      request.body === undefined
        ? undefined
        : Buffer.isBuffer(request.body)
          ? request.body
          : Buffer.from(request.body, 'utf8');
    const headers: Record<string, string | number> = { ...request.headers };
    if (body && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-length'))
      headers['content-length'] = body.length;
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.path,
        headers,
        agent: false,
      },
      (res) => {
        if (String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
          res.destroy();
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: '', json: undefined });
          return;
        }
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    req.setTimeout(timeoutMs, () =>
      req.destroy(
        new Error(`no answer in ${timeoutMs} ms: ${request.method} ${request.path.slice(0, 200)}`),
      ),
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Percent-encodes every byte but the unreserved ones (a lone surrogate goes as U+FFFD's bytes, as a browser sends it). */
export function encodeComponent(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** `?a=1&a=2&b=…`: arrays repeat their key, as clients do. */
export function queryString(query: Record<string, unknown>): string {
  const parts = Object.entries(query).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value])
      .filter((v) => v !== undefined)
      .map(
        (v) =>
          `${encodeComponent(key)}=${encodeComponent(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`,
      ),
  );
  return parts.length ? `?${parts.join('&')}` : '';
}

export interface EventStream {
  /** The `data:` payloads received so far. */
  readonly data: string[];
  status: Promise<number>;
  close(): void;
}

/** Opens a server-sent event stream and collects its `data:` lines until closed. */
export function openEventStream(
  port: number,
  path: string,
  headers: Record<string, string>,
): EventStream {
  const data: string[] = [];
  let buffer = '';
  let req: http.ClientRequest;
  const status = new Promise<number>((resolve, reject) => {
    req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'GET',
        path,
        headers: { accept: 'text/event-stream', ...headers },
        agent: false,
      },
      (res) => {
        resolve(res.statusCode ?? 0);
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          const lines = buffer.split('\n');
          buffer = lines.pop() ?? '';
          for (const line of lines) if (line.startsWith('data:')) data.push(line.slice(5).trim());
        });
        res.on('error', () => undefined);
      },
    );
    req.on('error', (error) => reject(error));
    req.end();
  });
  return { data, status, close: () => req.destroy() };
}
