import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { MemoryChange } from './types';

/**
 * Follows `GET /v1/memories/stream` (server-sent events). EventSource cannot send the bearer key, so
 * this reads the stream with fetch and parses it with eventsource-parser; it reconnects with a growing
 * delay until `stop` is called. `onReady` fires on each (re)connection: the caller reloads then, since
 * changes made while disconnected were not pushed.
 */
export function followChanges(
  key: string,
  handlers: {
    onChange: (change: MemoryChange) => void;
    onReady: () => void;
    onStatus?(live: boolean): void;
  },
): () => void {
  const abort = new AbortController();
  let delay = 500;
  const run = async () => {
    while (!abort.signal.aborted) {
      try {
        const response = await fetch('/v1/memories/stream', {
          headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream' },
          signal: abort.signal,
        });
        if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
        const parser = createParser({
          onEvent(message: EventSourceMessage) {
            if (message.event === 'ready') {
              delay = 500;
              handlers.onStatus?.(true);
              handlers.onReady();
            } else if (message.event === 'change') {
              handlers.onChange(JSON.parse(message.data) as MemoryChange);
            }
          },
        });
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          parser.feed(value);
        }
      } catch {
        if (abort.signal.aborted) return;
      }
      handlers.onStatus?.(false);
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 15_000);
    }
  };
  void run();
  return () => abort.abort();
}
