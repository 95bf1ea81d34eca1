import type { ReplayOutcome, StoredDeadLetter } from '@mnemo/eventing';
import type { ReplayLine } from '../replay-projections';
import type { DataDirOwner } from './data-dir-lock';

/** Past this a checksum or a dead-letter call to the running process is given up (a replay streams and has none). */
const CALL_TIMEOUT_MS = 180_000;

/** The process that owns the data folder, asked over its HTTP API with the token of its owner.json. */
export class DataFolderOwnerClient {
  constructor(private readonly owner: DataDirOwner & { url: string }) {}

  get description(): string {
    return `pid ${this.owner.pid} (mnemo ${this.owner.command}, ${this.owner.url})`;
  }

  /** Streams the replay's lines as the owner reports them; resolves with the last one. */
  async replay(projection: string, onLine: (line: ReplayLine) => void): Promise<ReplayLine> {
    const response = await this.call(
      'POST',
      `/v1/admin/replay?projection=${encodeURIComponent(projection)}`,
      { stream: true },
    );
    let last: ReplayLine = {
      type: 'failed',
      message: 'the running process ended the replay early',
    };
    let buffered = '';
    const decoder = new TextDecoder();
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      buffered += decoder.decode(chunk, { stream: true });
      for (let end = buffered.indexOf('\n'); end !== -1; end = buffered.indexOf('\n')) {
        const text = buffered.slice(0, end).trim();
        buffered = buffered.slice(end + 1);
        if (!text) continue;
        last = JSON.parse(text) as ReplayLine;
        onLine(last);
      }
    }
    return last;
  }

  async checksums(): Promise<Record<string, Record<string, string>>> {
    return (await this.call('GET', '/v1/admin/checksums')).json() as Promise<
      Record<string, Record<string, string>>
    >;
  }

  async deadLetters(service?: string): Promise<StoredDeadLetter[]> {
    const query = service ? `?service=${encodeURIComponent(service)}` : '';
    const body = (await (
      await this.call('GET', `/v1/admin/dead-letters/letters${query}`)
    ).json()) as {
      letters: StoredDeadLetter[];
    };
    return body.letters;
  }

  async redriveDeadLetter(id: number): Promise<ReplayOutcome> {
    return (
      await this.call('POST', `/v1/admin/dead-letters/${id}/replay`)
    ).json() as Promise<ReplayOutcome>;
  }

  private async call(
    method: string,
    path: string,
    options: { stream?: boolean } = {},
  ): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(new URL(path, this.owner.url), {
        method,
        headers: { authorization: `Bearer ${this.owner.token}` },
        signal: options.stream ? undefined : AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch (error) {
      throw new Error(
        `the data folder belongs to ${this.description}, which did not answer (${(error as Error).message}); is it still running?`,
        { cause: error },
      );
    }
    if (!response.ok) {
      const text = await response.text();
      throw new Error(`${this.description} answered ${response.status}: ${text.slice(0, 500)}`);
    }
    return response;
  }
}
