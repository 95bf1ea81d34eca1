import { useCallback, useEffect, useId, useState } from 'react';
import type { Api } from '../api';
import { ErrorText, when } from '../components/Status';
import type { LogFact, LogFactsAnswer } from '../types';

const SEVERITIES = ['fatal', 'error', 'warn', 'info', 'debug'] as const;
const SHAPES_SHOWN = 5;

interface Filters {
  words: string;
  unit: string;
  severity: string;
  change: string;
  since: string;
  until: string;
  sessionId: string;
}
const NO_FILTERS: Filters = {
  words: '',
  unit: '',
  severity: '',
  change: '',
  since: '',
  until: '',
  sessionId: '',
};

/** A `datetime-local` value (the browser's time zone) as the API's ISO time; '' stays unset. */
const isoOf = (local: string) => (local ? new Date(local).toISOString() : undefined);

/** The top entries of a count map, most first: "nginx.service (40), cron (2)". */
function topOf(counts: Record<string, number>, n = 3): string {
  const top = Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .slice(0, n);
  return top.length ? top.map(([name, count]) => `${name} (${count})`).join(', ') : '—';
}

/**
 * What the running system said (docs/logs.md): the account's log templates in a window (the last 24
 * hours by default) or while a session ran, searched by words, unit and severity, new or rising ones
 * on their own; each with its counts, rate, first and last seen, redacted examples and value shapes.
 */
export function LogsPage({ api }: { api: Api }) {
  // a session's page links here with `?sessionId=`: the search starts with that session's time
  const [asked] = useState<Filters>(() => ({
    ...NO_FILTERS,
    sessionId: new URLSearchParams(window.location.search).get('sessionId') ?? '',
  }));
  const [filters, setFilters] = useState<Filters>(asked);
  const [answer, setAnswer] = useState<LogFactsAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const set = (name: keyof Filters) => (e: { target: { value: string } }) =>
    setFilters((current) => ({ ...current, [name]: e.target.value }));

  const search = useCallback(
    async (asked: Filters) => {
      setBusy(true);
      setError(null);
      try {
        setAnswer(
          await api.get<LogFactsAnswer>('/v1/log-facts', {
            q: asked.words.trim(),
            unit: asked.unit.trim(),
            severity: asked.severity,
            change: asked.change,
            sessionId: asked.sessionId.trim(),
            since: asked.sessionId.trim() ? undefined : isoOf(asked.since),
            until: asked.sessionId.trim() ? undefined : isoOf(asked.until),
            limit: 50,
          }),
        );
      } catch (e) {
        setError((e as Error).message);
      } finally {
        setBusy(false);
      }
    },
    [api],
  );
  useEffect(() => {
    void search(asked);
  }, [search, asked]);

  const bySession = filters.sessionId.trim() !== '';
  return (
    <section aria-labelledby="logs-title">
      <h1 id="logs-title">Logs</h1>
      <form
        className="card logs-form"
        onSubmit={(e) => {
          e.preventDefault();
          void search(filters);
        }}
      >
        <div className="fields">
          <div>
            <label htmlFor={`${id}-words`}>Words</label>
            <input id={`${id}-words`} type="search" value={filters.words} onChange={set('words')} />
          </div>
          <div>
            <label htmlFor={`${id}-unit`}>Unit</label>
            <input id={`${id}-unit`} value={filters.unit} onChange={set('unit')} />
          </div>
          <div>
            <label htmlFor={`${id}-severity`}>Severity at least</label>
            <select id={`${id}-severity`} value={filters.severity} onChange={set('severity')}>
              <option value="">any</option>
              {SEVERITIES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-change`}>Change</label>
            <select id={`${id}-change`} value={filters.change} onChange={set('change')}>
              <option value="">any</option>
              <option value="new">new in the window</option>
              <option value="rising">rising against the window before</option>
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-since`}>Since</label>
            <input
              id={`${id}-since`}
              type="datetime-local"
              value={filters.since}
              onChange={set('since')}
              disabled={bySession}
            />
          </div>
          <div>
            <label htmlFor={`${id}-until`}>Until</label>
            <input
              id={`${id}-until`}
              type="datetime-local"
              value={filters.until}
              onChange={set('until')}
              disabled={bySession}
            />
          </div>
          <div>
            <label htmlFor={`${id}-session`}>During session</label>
            <input
              id={`${id}-session`}
              value={filters.sessionId}
              onChange={set('sessionId')}
              aria-describedby={`${id}-session-hint`}
            />
            <p id={`${id}-session-hint`} className="hint">
              A session id: the window is the time it ran.
            </p>
          </div>
        </div>
        <button type="submit" disabled={busy}>
          {busy ? 'Searching…' : 'Search'}
        </button>
      </form>
      <ErrorText error={error} />
      {answer && (
        <>
          <p className="meta" aria-live="polite">
            {answer.facts.length} template{answer.facts.length === 1 ? '' : 's'} from{' '}
            {when(answer.since)} to {when(answer.until)}
            {answer.session ? ` (session ${answer.session.sessionId})` : ''}
          </p>
          <ul className="results-list" aria-label="Log templates">
            {answer.facts.length === 0 && (
              <li className="empty">No log template matches in this window.</li>
            )}
            {answer.facts.map((fact) => (
              <LogTemplate key={`${fact.project}/${fact.templateId}`} fact={fact} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function LogTemplate({ fact }: { fact: LogFact }) {
  return (
    <li className="card log-template">
      <p>
        <span className={`change change-${fact.change}`}>{fact.change}</span>{' '}
        <span className={`severity severity-${fact.severity}`}>{fact.severity}</span>{' '}
        <code>{fact.template}</code>
      </p>
      <dl className="facts">
        <dt>In the window</dt>
        <dd>
          {fact.countInWindow.toLocaleString()} lines · {fact.ratePerHour} an hour · the window
          before: {fact.countBefore.toLocaleString()}
        </dd>
        <dt>In all</dt>
        <dd>{fact.count.toLocaleString()} lines</dd>
        <dt>First seen</dt>
        <dd>{when(fact.firstSeenAt)}</dd>
        <dt>Last seen</dt>
        <dd>{when(fact.lastSeenAt)}</dd>
        <dt>Units</dt>
        <dd>{topOf(fact.units)}</dd>
        <dt>Hosts</dt>
        <dd>{topOf(fact.hosts)}</dd>
        <dt>Value shapes</dt>
        <dd>{topOf(fact.shapes, SHAPES_SHOWN)}</dd>
      </dl>
      {fact.examples.length > 0 && (
        <>
          <p className="meta">Examples (redacted)</p>
          <ul className="log-examples">
            {fact.examples.slice(0, 3).map((example, i) => (
              <li key={i}>
                <code>{example}</code>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="meta">
        template {fact.templateId} · project {fact.project}
      </p>
    </li>
  );
}
