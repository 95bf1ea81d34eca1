/** The server did not answer (no ack in time, no responders, reconnecting), as opposed to refusing. */
export function notAnswering(error: unknown): boolean {
  const name = (error as { name?: string })?.name ?? '';
  const message = String((error as { message?: string })?.message ?? error);
  return (
    [
      'TimeoutError',
      'ConnectionError',
      'ClosedConnectionError',
      'NoRespondersError',
      'DrainingConnectionError',
      'JetStreamNotEnabled',
    ].includes(name) ||
    /timeout|no responders|503|temporarily unavailable|disconnect|connection/i.test(message)
  );
}

/** How long start-up waits for a cluster still electing its JetStream leaders. */
const STARTUP_PATIENCE_MS = 60_000;

/**
 * A management call at start-up, asked again while the server does not answer: a cluster that has
 * just formed answers late or "temporarily unavailable" until its meta leader knows every peer.
 * A refusal (a bad config) is thrown at once; silence past the patience is thrown as it came.
 */
export async function whileStarting<T>(call: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + STARTUP_PATIENCE_MS;
  for (let delay = 250; ; delay = Math.min(delay * 2, 4000)) {
    try {
      return await call();
    } catch (error) {
      if (!notAnswering(error) || Date.now() + delay > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
