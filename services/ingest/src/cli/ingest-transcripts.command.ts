import { INGEST_MAX_BYTES, INGEST_MAX_EVENTS } from '@mnemo/contracts';
import { addSkips, eventsOfTranscript, readTranscriptFile } from '../loop/transcript-file-events';
import { sessionIdentity } from '../loop/session-identity';
import { listTranscriptPath } from '../loop/transcript-files';
import { unseenEvents, type KnownSessionEvents } from '../domain/unseen-events';
import { gitFactsLoader } from '../git/git-facts';

/**
 * The account token the CLI derives event ids under when the gateway does not say whose the key is
 * (a gateway older than known-events' `accountId`). Otherwise ids are derived under the key's own
 * account, as the server's transcript loop derives them, so a file sent by a hook and later walked by
 * the loop is stored once.
 */
export const CLI_ID_ACCOUNT = 'cli';
/** Room for the `{"events":[…]}` wrapper under the gateway's body limit. */
const BATCH_BYTES = INGEST_MAX_BYTES - 64 * 1024;

export interface CliIngestOptions {
  target: string;
  since?: Date;
  url: string;
  apiKey: string;
  onProgress?: (done: number, total: number) => void;
  now?: Date;
  /** SessionStarted's developer (else the OS user) and project (else the git root of the session's cwd): MNEMO_DEVELOPER, MNEMO_PROJECT. */
  developer?: string;
  project?: string;
}

export interface CliIngestSummary {
  files: number;
  sessions: number;
  turns: number;
  /** Events sent to the gateway: those the account did not hold yet. */
  sent: number;
  accepted: number;
  /** Events the account already held: skipped before sending, or answered as duplicates. */
  duplicates: number;
  skippedFiles: number;
  skippedLines: number;
  /** skippedLines by reason, only the reasons that occurred. */
  skippedByReason: Record<string, number>;
  /** Events too large for one request on their own. */
  skippedEvents: number;
}

/**
 * Reads transcripts on this machine and sends their events to a running gateway through
 * `POST /v1/events`, in batches under its limits. Git facts come from this machine, where the
 * repositories are; redaction happens on the gateway's side before anything is stored.
 */
export async function ingestTranscriptsToGateway(
  options: CliIngestOptions,
): Promise<CliIngestSummary> {
  const listing = await listTranscriptPath(options.target, options.since?.getTime());
  const summary: CliIngestSummary = {
    files: 0,
    sessions: 0,
    turns: 0,
    sent: 0,
    accepted: 0,
    duplicates: 0,
    skippedFiles: listing.skipped,
    skippedLines: 0,
    skippedByReason: {},
    skippedEvents: 0,
  };
  const now = options.now ?? new Date();
  const authorization = `Bearer ${options.apiKey}`;
  const gitFacts = gitFactsLoader();
  const identity = sessionIdentity({ developer: options.developer, project: options.project });
  let batch: string[] = [];
  let bytes = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const body = `{"events":[${batch.join(',')}]}`;
    batch = [];
    bytes = 0;
    const response = await fetch(new URL('/v1/events', options.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body,
    });
    const answer = (await response.json().catch(() => ({}))) as {
      accepted?: number;
      duplicates?: number;
      error?: { message?: string };
    };
    if (!response.ok)
      throw new Error(
        `the gateway answered ${response.status}: ${answer.error?.message ?? 'no reason given'}`,
      );
    summary.accepted += answer.accepted ?? 0;
    summary.duplicates += answer.duplicates ?? 0;
  };

  for (const [index, file] of listing.files.entries()) {
    summary.files += 1;
    const parsed = await readTranscriptFile(file);
    if (!parsed) summary.skippedFiles += 1;
    else {
      // a file without a message makes no events: no need to ask what the account holds of it
      const hasMessages = parsed.transcript.entries.some((e) => e.kind === 'message');
      const known = hasMessages
        ? await knownEvents(options.url, authorization, parsed.sessionId)
        : { eventIds: new Set<string>(), started: false };
      const read = await eventsOfTranscript(parsed, {
        accountId: known.accountId ?? CLI_ID_ACCOUNT,
        producer: 'cli',
        now,
        gitFacts,
        identity,
      });
      summary.skippedLines += read.skippedLines;
      addSkips(summary.skippedByReason, read.skippedByReason);
      if (read.events.length > 0) {
        summary.sessions += 1;
        summary.turns += read.turns;
      }
      const events = read.events.length > 0 ? unseenEvents(read.events, known) : [];
      summary.duplicates += read.events.length - events.length;
      for (const event of events) {
        // the account and producer are the gateway's to set
        const { accountId: _account, producer: _producer, ...rest } = event;
        const json = JSON.stringify(rest);
        const size = Buffer.byteLength(json) + 1;
        if (size > BATCH_BYTES) {
          summary.skippedEvents += 1;
          continue;
        }
        if (batch.length >= INGEST_MAX_EVENTS || bytes + size > BATCH_BYTES) await flush();
        batch.push(json);
        bytes += size;
        summary.sent += 1;
      }
    }
    options.onProgress?.(index + 1, listing.files.length);
  }
  await flush();
  return summary;
}

/**
 * What the account already holds of a session, asked of the gateway: the log's duplicate window
 * forgets after a day, so without this a daily run would store every old line again.
 */
async function knownEvents(
  url: string,
  authorization: string,
  sessionId: string,
): Promise<KnownSessionEvents & { accountId?: string }> {
  const response = await fetch(
    new URL(`/v1/sessions/${encodeURIComponent(sessionId)}/known-events`, url),
    { headers: { authorization } },
  );
  const answer = (await response.json().catch(() => ({}))) as {
    accountId?: string;
    started?: boolean;
    eventIds?: string[];
    error?: { message?: string };
  };
  // a gateway older than this route: send everything and let its duplicate window judge
  if (response.status === 404) return { eventIds: new Set(), started: false };
  if (!response.ok)
    throw new Error(
      `the gateway answered ${response.status}: ${answer.error?.message ?? 'no reason given'}`,
    );
  return {
    eventIds: new Set(answer.eventIds ?? []),
    started: answer.started === true,
    ...(answer.accountId ? { accountId: answer.accountId } : {}),
  };
}

/** `progress 40, file_history_snapshot 12, malformed_json 1`: most frequent first. */
export function describeSkips(byReason: Record<string, number>): string {
  return Object.entries(byReason)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([reason, n]) => `${reason} ${n}`)
    .join(', ');
}

export function parseSince(value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime()))
    throw new Error(`--since "${value}" is not a date (try 2026-11-01 or 2026-11-01T09:00:00Z)`);
  return date;
}
