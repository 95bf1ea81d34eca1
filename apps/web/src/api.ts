/** A failed call: the HTTP status and the API's own message (its error body is `{ error: { message } }`). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown = null,
  ) {
    super(message);
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** The gateway's HTTP API with one bearer key. `onUnauthorized` runs when the key is refused (signs out). */
export class Api {
  constructor(
    readonly key: string,
    private readonly onUnauthorized: () => void = () => {},
  ) {}

  async request<T>(
    method: string,
    path: string,
    options: { query?: Query; body?: unknown; signal?: AbortSignal } = {},
  ): Promise<T> {
    const response = await fetch(withQuery(path, options.query), {
      method,
      headers: {
        authorization: `Bearer ${this.key}`,
        accept: 'application/json',
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    if (!response.ok) {
      if (response.status === 401) this.onUnauthorized();
      const message =
        (body as { error?: { message?: string } } | null)?.error?.message ??
        `${response.status} ${response.statusText}`;
      throw new ApiError(response.status, message, body);
    }
    return body as T;
  }

  get<T>(path: string, query?: Query, signal?: AbortSignal) {
    return this.request<T>('GET', path, { query, signal });
  }
  post<T>(path: string, body: unknown = {}, query?: Query) {
    return this.request<T>('POST', path, { body, query });
  }
  put<T>(path: string, body: unknown) {
    return this.request<T>('PUT', path, { body });
  }
  patch<T>(path: string, body: unknown) {
    return this.request<T>('PATCH', path, { body });
  }
  delete<T>(path: string, query?: Query) {
    return this.request<T>('DELETE', path, { query });
  }
}

/** Answers whether a key opens the account API, the admin API, or neither (401/403 from both). */
export async function probeKey(key: string): Promise<'account' | 'admin' | null> {
  const api = new Api(key);
  try {
    await api.get('/v1/profile');
    return 'account';
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status !== 401 && error.status !== 403)) throw error;
  }
  try {
    await api.get('/v1/admin/stats');
    return 'admin';
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}
