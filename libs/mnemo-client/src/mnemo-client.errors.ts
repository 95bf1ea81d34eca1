/** Mnemo did not answer: refused, unreachable, or no answer before the deadline. */
export class MnemoUnavailableError extends Error {
  readonly code = 'mnemo_unavailable';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MnemoUnavailableError';
  }
}

interface ErrorBody {
  error?: { code?: string; message?: string; issues?: Array<{ path?: string; reason?: string }> };
}

/** Mnemo answered with an error: its code, message and the fields it blamed, as the API said them. */
export class MnemoApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: Array<{ path: string; reason: string }> = [],
  ) {
    super(message);
    this.name = 'MnemoApiError';
  }

  static fromAnswer(status: number, method: string, path: string, body: unknown): MnemoApiError {
    const error = (body as ErrorBody)?.error;
    const issues = (error?.issues ?? []).map((i) => ({
      path: String(i.path ?? ''),
      reason: String(i.reason ?? ''),
    }));
    const fallback =
      status === 404
        ? `${method} ${path} does not exist on this Mnemo (an older version?)`
        : `${method} ${path} answered ${status}`;
    const message = error?.message ?? fallback;
    const detail =
      issues.length > 0 ? `: ${issues.map((i) => `${i.path} ${i.reason}`).join('; ')}` : '';
    return new MnemoApiError(
      status,
      error?.code ?? `http_${status}`,
      `${message}${detail}`,
      issues,
    );
  }
}
