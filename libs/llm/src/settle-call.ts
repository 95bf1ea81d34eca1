/** How a call that threw is answered: as the provider's error, with what was thrown as its message. */
export interface ThrownCall {
  ok: false;
  failure: 'api_error';
  message: string;
}

/**
 * A model call that answers and never throws. The port answers typed failures; anything thrown anyway (a
 * bug, a dropped connection) is answered as an `api_error` failure, so a caller has one path for every
 * failure and a reaction never fails on it. `onThrow` hears of the error first, for a log line.
 */
export async function settleCall<R>(
  call: Promise<R>,
  onThrow?: (error: unknown) => void,
): Promise<R | ThrownCall> {
  try {
    return await call;
  } catch (error) {
    onThrow?.(error);
    return {
      ok: false,
      failure: 'api_error',
      message: error instanceof Error ? error.message : String(error),
    };
  }
}
