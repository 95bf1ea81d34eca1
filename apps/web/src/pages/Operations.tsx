import { useCallback, useEffect, useId, useState } from 'react';
import { Api, ApiError } from '../api';
import { DataTable, type Column } from '../components/DataTable';
import { ErrorText, Status, when } from '../components/Status';
import type { LogSourceStatus, TranscriptIngestStatus } from '../types';

interface Stats {
  sessionsIngested: number;
  chunks: number;
  memories: number;
  decisions: number;
  agentQueries: {
    total: number;
    hitRate: number;
    latencyMs: { p50: number; p95: number; p99: number };
    windowDays: number;
  };
  /** What the learning loops have gathered (docs/learning.md). */
  learningCorpus: {
    agentQueries: number;
    sessionsIngested: number;
    logFacts: number;
    refactorPlans: number;
    failedClusters: number;
    skillCandidates: number;
    hitRate: number;
    latency: { p50: number; p95: number; p99: number };
  };
  /** The corpus day by day over the last 30 days: what each day added, its hit rate and median latency. */
  learningDays?: LearningDay[];
}
interface LearningDay {
  day: string;
  agentQueries: number;
  hitRate: number;
  latencyP50: number;
  sessionsIngested: number;
  logFacts: number;
  refactorPlans: number;
  /** Failed clusters whose latest attempt was that day. */
  failedClusters: number;
  skillCandidates: number;
}

/** The figures drawn day by day; counts say their total over the window, rates their latest day with traffic. */
const LEARNING_SERIES: ReadonlyArray<{
  label: string;
  value: (day: LearningDay) => number;
  summary: (days: readonly LearningDay[]) => string;
}> = [
  {
    label: 'Agent queries',
    value: (d) => d.agentQueries,
    summary: (ds) => total(ds, (d) => d.agentQueries),
  },
  {
    label: 'Sessions ingested',
    value: (d) => d.sessionsIngested,
    summary: (ds) => total(ds, (d) => d.sessionsIngested),
  },
  { label: 'Log facts', value: (d) => d.logFacts, summary: (ds) => total(ds, (d) => d.logFacts) },
  {
    label: 'Refactor plans',
    value: (d) => d.refactorPlans,
    summary: (ds) => total(ds, (d) => d.refactorPlans),
  },
  {
    label: 'Failed clusters',
    value: (d) => d.failedClusters,
    summary: (ds) => `${total(ds, (d) => d.failedClusters)}, by their latest attempt`,
  },
  {
    label: 'Skill candidates',
    value: (d) => d.skillCandidates,
    summary: (ds) => total(ds, (d) => d.skillCandidates),
  },
  {
    label: 'Hit rate',
    value: (d) => d.hitRate,
    summary: (ds) => `${Math.round(latest(ds, (d) => d.hitRate) * 100)}% on the latest day asked`,
  },
  {
    label: 'Latency p50',
    value: (d) => d.latencyP50,
    summary: (ds) => `${latest(ds, (d) => d.latencyP50)} ms on the latest day asked`,
  },
];

const total = (days: readonly LearningDay[], value: (day: LearningDay) => number) =>
  `${days.reduce((sum, d) => sum + value(d), 0).toLocaleString()} over ${days.length} days`;
const latest = (days: readonly LearningDay[], value: (day: LearningDay) => number) => {
  const asked = days.filter((d) => d.agentQueries > 0);
  const last = asked.at(-1);
  return last ? value(last) : 0;
};

interface Costs {
  from: string;
  to: string;
  totalUsd: number;
  rows: Array<{
    accountId?: string;
    day: string;
    pool: string;
    label: string;
    calls: number;
    costCapHits: number;
    costUsd: number;
  }>;
  defaultCapsUsd: Record<string, number>;
}
interface DeadLetters {
  services: Array<{
    service: string;
    count: number;
    recent: Array<{
      eventId: string;
      type: string;
      seq: number;
      deliveryCount: number;
      error: { code: string; message: string };
      deadAt: string;
    }>;
  }>;
}
interface Telemetry {
  events: Array<{
    id: string;
    accountId?: string;
    name: string;
    action: string;
    metadata: Record<string, unknown>;
    occurredAt: string;
  }>;
}

const DEAD_LETTER_COLUMNS: ReadonlyArray<Column<DeadLetters['services'][number]>> = [
  { header: 'Service', rowHeader: true, cell: (s) => s.service },
  { header: 'Count', cell: (s) => s.count },
  {
    header: 'Latest',
    cell: (s) =>
      s.recent[0]
        ? `${s.recent[0].type} #${s.recent[0].seq}: ${s.recent[0].error.message} (${when(s.recent[0].deadAt)})`
        : '—',
  },
];

interface LogSources {
  otlp: { enabled: boolean };
  sources: LogSourceStatus[];
}

const LOG_SOURCE_COLUMNS: ReadonlyArray<Column<LogSourceStatus>> = [
  { header: 'Source', rowHeader: true, cell: (s) => s.sourceId },
  { header: 'Project', cell: (s) => s.project },
  { header: 'Enabled', cell: (s) => (s.enabled ? 'yes' : 'no') },
  { header: 'State', cell: (s) => s.state },
  { header: 'Last run', cell: (s) => when(s.lastRunAt) },
  {
    header: 'Lines read',
    cell: (s) =>
      `${s.linesRead.toLocaleString()}${s.linesSkipped ? ` (${s.linesSkipped.toLocaleString()} skipped)` : ''}`,
  },
  { header: 'Cursor', cell: (s) => (s.cursor ? <code>{s.cursor}</code> : '—') },
  { header: 'Last error', cell: (s) => s.lastError ?? 'none' },
];

const RUN_RECORD_WAIT_MS = 20_000;

export function OperationsPage({
  admin,
  onAdminKey,
}: {
  admin: Api | null;
  onAdminKey: (key: string | null) => void;
}) {
  if (!admin) return <AdminKeyForm onAdminKey={onAdminKey} />;
  return <Dashboard admin={admin} onRefused={() => onAdminKey(null)} />;
}

function AdminKeyForm({ onAdminKey }: { onAdminKey: (key: string) => void }) {
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  // Shows its own errors, so the form fires it and forgets the promise.
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      await new Api(key.trim()).get('/v1/admin/stats');
      onAdminKey(key.trim());
    } catch (e) {
      setError(
        e instanceof ApiError && (e.status === 401 || e.status === 403)
          ? 'That admin key was refused.'
          : (e as Error).message,
      );
    }
  };
  return (
    <section aria-labelledby="ops-title">
      <h1 id="ops-title">Operations</h1>
      <form className="card signin" onSubmit={(e) => void submit(e)}>
        <p>Operations need the admin key.</p>
        <label htmlFor={id}>Admin key</label>
        <input
          id={id}
          type="password"
          value={key}
          onChange={(e) => setKey(e.target.value)}
          autoComplete="off"
        />
        <ErrorText error={error} />
        <button type="submit" disabled={!key.trim()}>
          Open Operations
        </button>
      </form>
    </section>
  );
}

function Dashboard({ admin, onRefused }: { admin: Api; onRefused: () => void }) {
  const [loop, setLoop] = useState<TranscriptIngestStatus | null>(null);
  const [stats, setStats] = useState<Stats | null>(null);
  const [costs, setCosts] = useState<Costs | null>(null);
  const [dead, setDead] = useState<DeadLetters | null>(null);
  const [telemetry, setTelemetry] = useState<Telemetry | null>(null);
  const [logSources, setLogSources] = useState<LogSources | null>(null);
  const [running, setRunning] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    const settle = async <T,>(
      path: string,
      set: (value: T) => void,
      query?: Record<string, string | number>,
    ) => {
      try {
        set(await admin.get<T>(path, query));
      } catch (e) {
        if (e instanceof ApiError && (e.status === 401 || e.status === 403)) onRefused();
        else setError(`${path}: ${(e as Error).message}`);
      }
    };
    await Promise.all([
      settle<TranscriptIngestStatus>('/v1/admin/session-ingest/status', setLoop),
      settle<Stats>('/v1/admin/stats', setStats),
      settle<Costs>('/v1/admin/costs', setCosts),
      settle<DeadLetters>('/v1/admin/dead-letters', setDead),
      settle<Telemetry>('/v1/admin/telemetry', setTelemetry, { limit: 20 }),
      settle<LogSources>('/v1/admin/log-sources/status', setLogSources),
    ]);
  }, [admin, onRefused]);
  useEffect(() => {
    void load();
  }, [load]);

  const runNow = async () => {
    setRunning(true);
    setError(null);
    try {
      const result = await admin.post<{ runId: string; sessions?: number }>(
        '/v1/admin/session-ingest',
      );
      setStatus(`Transcript ingest ran: ${result.sessions ?? 0} sessions.`);
      // the run's record reaches the status through the log: follow it until it shows this run
      const deadline = Date.now() + RUN_RECORD_WAIT_MS;
      for (let delay = 250; Date.now() < deadline; delay = Math.min(delay * 2, 2000)) {
        const current = await admin.get<TranscriptIngestStatus>('/v1/admin/session-ingest/status');
        setLoop(current);
        if (current.lastRun?.runId === result.runId) break;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
      await load();
    } catch (e) {
      setError(
        e instanceof ApiError && e.status === 409
          ? 'A run is already in progress.'
          : (e as Error).message,
      );
    } finally {
      setRunning(false);
    }
  };

  return (
    <section aria-labelledby="ops-title" className="operations">
      <div className="page-head">
        <h1 id="ops-title">Operations</h1>
        <button type="button" className="quiet" onClick={() => void load()}>
          Reload
        </button>
      </div>
      <Status message={status} />
      <ErrorText error={error} />
      <div className="grid">
        <section aria-labelledby="loop-title" className="card">
          <h2 id="loop-title">Transcript loop</h2>
          {loop && (
            <dl className="facts">
              <dt>Enabled</dt>
              <dd>{loop.enabled ? 'yes' : 'no'}</dd>
              <dt>Interval</dt>
              <dd>{loop.intervalHours} h</dd>
              <dt>Last run</dt>
              <dd>{when(loop.lastRunAt)}</dd>
              <dt>Last count</dt>
              <dd>{loop.lastCount ?? '—'} sessions</dd>
              <dt>Duration</dt>
              <dd>{loop.lastDurationMs === null ? '—' : `${loop.lastDurationMs} ms`}</dd>
              <dt>Last error</dt>
              <dd>{loop.lastError ?? 'none'}</dd>
              <dt>Next run</dt>
              <dd>{loop.enabled ? when(loop.nextRunAt) : 'not scheduled'}</dd>
            </dl>
          )}
          <button type="button" onClick={() => void runNow()} disabled={running}>
            {running ? 'Running…' : 'Run now'}
          </button>
        </section>

        <section aria-labelledby="corpus-title" className="card">
          <h2 id="corpus-title">Corpus</h2>
          {stats && (
            <dl className="facts">
              <dt>Sessions</dt>
              <dd>{stats.sessionsIngested.toLocaleString()}</dd>
              <dt>Chunks</dt>
              <dd>{stats.chunks.toLocaleString()}</dd>
              <dt>Memories</dt>
              <dd>{stats.memories.toLocaleString()}</dd>
              <dt>Decisions</dt>
              <dd>{stats.decisions.toLocaleString()}</dd>
              <dt>Queries ({stats.agentQueries.windowDays} days)</dt>
              <dd>{stats.agentQueries.total.toLocaleString()}</dd>
              <dt>Hit rate</dt>
              <dd>{Math.round(stats.agentQueries.hitRate * 100)}%</dd>
              <dt>Latency p50 / p95 / p99</dt>
              <dd>
                {stats.agentQueries.latencyMs.p50} / {stats.agentQueries.latencyMs.p95} /{' '}
                {stats.agentQueries.latencyMs.p99} ms
              </dd>
            </dl>
          )}
        </section>

        <section aria-labelledby="learning-title" className="card">
          <h2 id="learning-title">Learning corpus</h2>
          {stats?.learningCorpus && <LearningFacts corpus={stats.learningCorpus} />}
          {stats?.learningDays && <LearningCharts days={stats.learningDays} />}
        </section>
      </div>

      <section aria-labelledby="spend-title" className="card">
        <h2 id="spend-title">Spend per pool per day</h2>
        {costs && <SpendCharts costs={costs} />}
      </section>

      <section aria-labelledby="log-sources-title" className="card">
        <h2 id="log-sources-title">Log sources</h2>
        {logSources && (
          <>
            <p className="meta">
              OpenTelemetry logs (POST /v1/logs): {logSources.otlp.enabled ? 'on' : 'off'}
            </p>
            {logSources.sources.length === 0 ? (
              <p className="empty">No log source configured or written to.</p>
            ) : (
              // a wide table: on a phone it scrolls sideways inside its box (focusable, so keys scroll it too)
              <div className="table-scroll" role="group" aria-label="Source table" tabIndex={0}>
                <DataTable
                  caption="Log sources: enabled, last run, lines read, cursor, last error"
                  captionHidden
                  className="log-sources"
                  columns={LOG_SOURCE_COLUMNS}
                  rows={logSources.sources}
                  rowKey={(s) => `${s.accountId}/${s.project}/${s.sourceId}`}
                />
              </div>
            )}
          </>
        )}
      </section>

      <section aria-labelledby="dead-title" className="card">
        <h2 id="dead-title">Dead letters</h2>
        {dead && (
          <DataTable
            caption="Dead letters per service"
            captionHidden
            className="dead-letters"
            columns={DEAD_LETTER_COLUMNS}
            rows={dead.services}
            rowKey={(s) => s.service}
          />
        )}
      </section>

      <section aria-labelledby="telemetry-title" className="card">
        <h2 id="telemetry-title">Recent telemetry</h2>
        {telemetry && telemetry.events.length === 0 && <p className="empty">No telemetry yet.</p>}
        {telemetry && telemetry.events.length > 0 && (
          <ul className="telemetry">
            {telemetry.events.map((e) => (
              <li key={e.id}>
                <time dateTime={e.occurredAt}>{when(e.occurredAt)}</time>{' '}
                <strong>{e.action}</strong> <span className="meta">{e.name}</span>
                <code>{JSON.stringify(e.metadata).slice(0, 160)}</code>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}

function LearningFacts({ corpus }: { corpus: Stats['learningCorpus'] }) {
  return (
    <dl className="facts">
      <dt>Agent queries</dt>
      <dd>{corpus.agentQueries.toLocaleString()}</dd>
      <dt>Sessions ingested</dt>
      <dd>{corpus.sessionsIngested.toLocaleString()}</dd>
      <dt>Log facts</dt>
      <dd>{corpus.logFacts.toLocaleString()}</dd>
      <dt>Refactor plans</dt>
      <dd>{corpus.refactorPlans.toLocaleString()}</dd>
      <dt>Failed clusters</dt>
      <dd>{corpus.failedClusters.toLocaleString()}</dd>
      <dt>Skill candidates</dt>
      <dd>{corpus.skillCandidates.toLocaleString()}</dd>
      <dt>Hit rate</dt>
      <dd>{Math.round(corpus.hitRate * 100)}%</dd>
      <dt>Latency p50 / p95 / p99</dt>
      <dd>
        {corpus.latency.p50} / {corpus.latency.p95} / {corpus.latency.p99} ms
      </dd>
    </dl>
  );
}

/** One small bar chart per figure of the learning corpus, a bar a day. */
function LearningCharts({ days }: { days: readonly LearningDay[] }) {
  const width = 300;
  const height = 48;
  const bar = width / Math.max(days.length, 1);
  return (
    <div className="charts learning-charts">
      {LEARNING_SERIES.map((series) => {
        const values = days.map(series.value);
        const top = Math.max(...values, 0) || 1;
        return (
          <figure key={series.label} className="chart">
            <figcaption>
              <strong>{series.label}</strong> · {series.summary(days)}
            </figcaption>
            <svg
              viewBox={`0 0 ${width} ${height}`}
              role="img"
              aria-label={`${series.label} per day from ${days[0]?.day ?? ''} to ${days[days.length - 1]?.day ?? ''}, highest ${Math.max(...values, 0)}`}
            >
              {values.map((value, i) => {
                const h = (value / top) * height;
                return (
                  <rect
                    key={days[i]?.day ?? i}
                    x={i * bar + 1}
                    y={height - h}
                    width={Math.max(bar - 2, 1)}
                    height={h}
                    className="spend"
                  />
                );
              })}
            </svg>
          </figure>
        );
      })}
    </div>
  );
}

/** One small bar chart per pool: each day's spend (all accounts), with the per-account daily cap drawn as a line. */
function SpendCharts({ costs }: { costs: Costs }) {
  const days: string[] = [];
  for (
    let t = Date.parse(`${costs.from}T00:00:00Z`);
    t <= Date.parse(`${costs.to}T00:00:00Z`);
    t += 86_400_000
  )
    days.push(new Date(t).toISOString().slice(0, 10));
  return (
    <div className="charts">
      {Object.entries(costs.defaultCapsUsd).map(([pool, cap]) => {
        const perDay = days.map((day) =>
          costs.rows
            .filter((r) => r.pool === pool && r.day === day)
            .reduce((sum, r) => sum + r.costUsd, 0),
        );
        const top = Math.max(cap, ...perDay) * 1.1 || 1;
        const width = 300;
        const height = 120;
        const bar = width / days.length;
        const total = perDay.reduce((a, b) => a + b, 0);
        const capY = height - (cap / top) * height;
        return (
          <figure key={pool} className="chart">
            <figcaption>
              <strong>{pool}</strong> · ${total.toFixed(2)} over {days.length} days · cap $
              {cap.toFixed(2)} a day per account
            </figcaption>
            <svg
              viewBox={`0 0 ${width} ${height}`}
              role="img"
              aria-label={`${pool}: spend per day from ${costs.from} to ${costs.to}, highest $${Math.max(...perDay).toFixed(2)}, against a cap of $${cap.toFixed(2)}`}
            >
              {perDay.map((usd, i) => {
                const h = (usd / top) * height;
                return (
                  <rect
                    key={days[i]}
                    x={i * bar + 1}
                    y={height - h}
                    width={Math.max(bar - 2, 1)}
                    height={h}
                    className={usd > cap ? 'over' : 'spend'}
                  />
                );
              })}
              <line x1="0" x2={width} y1={capY} y2={capY} className="cap" />
            </svg>
          </figure>
        );
      })}
    </div>
  );
}
