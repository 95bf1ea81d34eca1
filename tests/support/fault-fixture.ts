import { randomUUID } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { JetStreamEventLog } from '@mnemo/eventing';
import { checksumProjection, openDataSource, replayProjection } from '@mnemo/persistence';
import { allMigrations, allProjections } from '@mnemo/platform-service';
import { systemOf, textReply, type FakeAnthropic, type FakeReply } from '@mnemo/testing';
import { until } from './own-servers';

/**
 * The workload and the checks the fault suites share: sessions of long turns ending in a pause (a
 * compaction call, then an extraction call, then one fact), posted through the gateway; and the
 * promises checked after every fault — nothing pending, nothing dead-lettered, counters exact, the
 * live read models equal to a clean replay of the same log.
 */

/** Fixed usage per answer, so the spend a double apply would change is a count times a price. */
export const USAGE = { inputTokens: 100, outputTokens: 10 };

/** Words no other session's fact shares, so no fact is a near-duplicate of another. */
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ne',
  'ru',
  'sa',
  'ti',
  'vo',
  'ze',
  'pu',
  'da',
  'fe',
  'go',
  'hi',
  'ju',
  'bo',
];
const word = (n: number, salt: number) => {
  let out = '';
  for (let x = n * 7 + salt, i = 0; i < 4; i += 1, x = Math.floor(x / 16))
    out += SYLLABLES[(x + i * salt) % 16];
  return out;
};
export const factFor = (ref: string): string => {
  const n = Number(/(\d+)$/.exec(ref)?.[1] ?? 0);
  return `I collect ${word(n, 1)} ${word(n, 3)} stones near ${word(n, 5)}.`;
};

/** Answers a compaction with a summary and an extraction with one fact named after the session's ref. */
export function routeModel(fake: FakeAnthropic, stalled: () => boolean): void {
  fake.route((body): FakeReply | undefined => {
    if (stalled()) return { kind: 'text', text: 'too late', ...USAGE, delayMs: 600_000 };
    const ref = /ref-(\d+)/.exec(JSON.stringify(body))?.[0] ?? 'ref-0';
    if (systemOf(body).includes('durable facts')) {
      const facts = [
        { factType: 'preference', content: factFor(ref), confidence: 'high', sourceTurns: [1] },
      ];
      return textReply(JSON.stringify({ facts }), USAGE);
    }
    return textReply(`They talked about ${ref} and the plan for the week.`, USAGE);
  });
}

export const TURNS_PER_SESSION = 6;

export function sessionEvents(ref: string): object[] {
  const sessionId = `s-${ref}`;
  const now = Date.now();
  const at = (i: number) => new Date(now - (TURNS_PER_SESSION + 1 - i) * 1000).toISOString();
  const text = (i: number) =>
    i === 1
      ? `Today I want to think about ${ref}: it keeps coming back, and I would like a plan for the coming weeks that I can hold on to.`
      : `Turn ${i} of ${ref}: we went through what worked last week, what did not, and which small step comes next for it.`;
  return [
    {
      id: randomUUID(),
      type: 'SessionStarted',
      sessionId,
      occurredAt: at(0),
      payload: { source: 'ai-coaching:check-in', title: ref },
    },
    ...Array.from({ length: TURNS_PER_SESSION }, (_, k) => ({
      id: randomUUID(),
      type: 'TurnRecorded',
      sessionId,
      occurredAt: at(k + 1),
      payload: { seq: k + 1, role: k % 2 ? 'assistant' : 'user', text: text(k + 1) },
    })),
    {
      id: randomUUID(),
      type: 'SegmentPaused',
      sessionId,
      occurredAt: new Date(now).toISOString(),
      payload: { segment: 1 },
    },
  ];
}

export interface Api {
  url: string;
  apiKey: string;
}

/** Posts one session's events until the gateway takes them (a 503 is retried with the same ids: they are stored once). */
export async function postUntilAccepted(
  api: Api,
  events: object[],
  timeoutMs = 90_000,
): Promise<{ statuses: number[] }> {
  const statuses: number[] = [];
  await until(
    'events accepted',
    async () => {
      const response = await fetch(`${api.url}/v1/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${api.apiKey}` },
        body: JSON.stringify({ events }),
        signal: AbortSignal.timeout(15_000),
      }).catch(() => null);
      statuses.push(response?.status ?? 0);
      return response?.status === 202;
    },
    timeoutMs,
  );
  return { statuses };
}

export interface Counters {
  turns: number;
  sessions: number;
  summaries: number;
  facts: number;
  contextFacts: number;
  spendUsd: number;
}

export async function withDatabase<T>(
  url: string,
  use: (query: (sql: string, params?: unknown[]) => Promise<any[]>) => Promise<T>,
): Promise<T> {
  const dataSource = await openDataSource({ url, poolSize: 2, migrations: [] });
  try {
    return await use((sql, params) => dataSource.query(sql, params));
  } finally {
    await dataSource.destroy();
  }
}

export async function readCounters(databaseUrl: string, accountId: string): Promise<Counters> {
  return withDatabase(databaseUrl, async (query) => {
    const one = async (sql: string) => Number((await query(sql, [accountId]))[0].n);
    return {
      turns: await one('SELECT count(*) AS n FROM turns WHERE account_id = $1'),
      sessions: await one('SELECT count(*) AS n FROM sessions WHERE account_id = $1'),
      summaries: await one('SELECT count(*) AS n FROM segment_summaries WHERE account_id = $1'),
      facts: await one(
        `SELECT count(*) AS n FROM memory_facts WHERE account_id = $1 AND status = 'active'`,
      ),
      contextFacts: await one(
        'SELECT count(*) AS n FROM context_memory_facts WHERE account_id = $1',
      ),
      spendUsd: await one(
        'SELECT coalesce(sum(cost_usd), 0) AS n FROM cost_entries WHERE account_id = $1',
      ),
    };
  });
}

/** The ledger's reservation lifetime in the fault suites, so a reservation's expiry tells when it was made. */
export const RESERVATION_TTL_MS = 30 * 60_000;

/**
 * Reservations nobody settled: a call whose worker died between reserving and settling (kill -9 while the
 * provider answered). The provider may have billed it; no one lived to commit its cost, and it expires
 * unspent (docs/costs.md). Returns how many, and when the newest was made.
 */
export async function unsettledReservations(
  databaseUrl: string,
  accountId: string,
): Promise<{ count: number; newestReservedAt: number | null }> {
  return withDatabase(databaseUrl, async (query) => {
    const [row] = await query(
      `SELECT count(*) AS n, max(expires_at) AS newest FROM cost_reservations WHERE account_id = $1 AND status IN ('open', 'expired')`,
      [accountId],
    );
    return {
      count: Number(row.n),
      newestReservedAt: row.newest ? new Date(row.newest).getTime() - RESERVATION_TTL_MS : null,
    };
  });
}

/** Claude Haiku 4.5's price per token, as the ledger reckons it. */
export const billedUsd = (answers: number) =>
  answers * ((USAGE.inputTokens * 1 + USAGE.outputTokens * 5) / 1_000_000);

/**
 * Waits until every durable consumer of every stream has nothing pending or unacknowledged, twice in a
 * row (a reaction appends new events, which opens new work). Returns the dead letters' count.
 */
export async function quiesce(
  natsServers: string[],
  timeoutMs = 120_000,
): Promise<{ deadLetters: number }> {
  const nc = await connect({ servers: natsServers, maxReconnectAttempts: 5 });
  try {
    const jsm = await jetstreamManager(nc);
    let quietPolls = 0;
    let deadLetters = 0;
    let last: string[] = [];
    await until(
      'every consumer settled',
      async () => {
        let busy = 0;
        last = [];
        for await (const stream of jsm.streams.list()) {
          if (stream.config.name.endsWith('_DLQ')) {
            deadLetters = stream.state.messages;
            continue;
          }
          if (stream.config.retention === 'workqueue') busy += stream.state.messages;
          for await (const consumer of jsm.consumers.list(stream.config.name)) {
            // Ephemeral consumers (a replay's reader, a killed process's) are not work: they lapse by themselves.
            if (!consumer.config.durable_name) continue;
            const open = consumer.num_pending + consumer.num_ack_pending;
            if (open)
              last.push(
                `${consumer.name}: ${consumer.num_pending} pending, ${consumer.num_ack_pending} unacked, ${consumer.num_redelivered} redelivered`,
              );
            busy += open;
          }
        }
        quietPolls = busy === 0 ? quietPolls + 1 : 0;
        return quietPolls >= 3;
      },
      timeoutMs,
    ).catch((error: Error) => {
      throw new Error(`${error.message}; still open: ${last.join('; ')}`);
    });
    return { deadLetters };
  } finally {
    await nc.close();
  }
}

/** `mnemo checksum` of the live read models, then of the same log replayed into them: a clean run's. */
export async function checksumsLiveAndReplayed(config: {
  databaseUrl: string;
  natsServers: string;
}): Promise<{ live: unknown; replayed: unknown }> {
  const log = await JetStreamEventLog.connect({ servers: config.natsServers });
  const dataSource = await openDataSource({
    url: config.databaseUrl,
    poolSize: 2,
    migrations: allMigrations(),
  });
  try {
    const sums = async () => {
      const out: Record<string, Record<string, string>> = {};
      for (const projection of allProjections())
        out[projection.name] = await checksumProjection(dataSource, projection);
      return out;
    };
    const live = await sums();
    for (const projection of allProjections()) await replayProjection(dataSource, log, projection);
    return { live, replayed: await sums() };
  } finally {
    await dataSource.destroy();
    await log.close();
  }
}
