import { useEffect, useState } from 'react';
import type { Api } from '../api';
import { ErrorText, when } from '../components/Status';
import { onLinkClick } from '../router';
import type { SessionToolCall, SessionTurn } from '../types';

/** A session's redacted turns: where a memory came from. `?turns=3,4` marks the memory's source turns. */
export function SessionPage({ api, sessionId }: { api: Api; sessionId: string }) {
  const [turns, setTurns] = useState<SessionTurn[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const marked = new Set(
    (new URLSearchParams(window.location.search).get('turns') ?? '')
      .split(',')
      .filter(Boolean)
      .map(Number),
  );

  useEffect(() => {
    api
      .get<{ turns: SessionTurn[] }>(`/v1/sessions/${encodeURIComponent(sessionId)}/turns`, {
        limit: 500,
      })
      .then((r) => setTurns(r.turns))
      .catch((e: Error) => setError(e.message));
  }, [api, sessionId]);

  useEffect(() => {
    if (turns && marked.size)
      document.getElementById(`turn-${[...marked][0]}`)?.scrollIntoView({ block: 'center' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [turns]);

  return (
    <section aria-labelledby="session-title">
      <h1 id="session-title">Session {sessionId}</h1>
      <p className="meta">
        <a href={`/logs?sessionId=${encodeURIComponent(sessionId)}`} onClick={onLinkClick}>
          What the system logged while it ran
        </a>
      </p>
      <ErrorText error={error} />
      {turns && turns.length === 0 && <p className="empty">This session has no turns.</p>}
      <ol className="turns">
        {turns?.map((t) => (
          <li
            key={t.seq}
            id={`turn-${t.seq}`}
            className={marked.has(t.seq) ? 'turn source' : 'turn'}
            aria-current={marked.has(t.seq) ? 'true' : undefined}
          >
            <p className="meta">
              #{t.seq} · {t.role} · {when(t.occurredAt)}
              {marked.has(t.seq) && ' · source of the memory'}
            </p>
            {t.text.trim() && <p className="turn-text">{t.text}</p>}
            {t.toolCalls?.map((call, i) => (
              <ToolCallLine key={i} call={call} />
            ))}
            {!t.text.trim() && !t.toolCalls?.length && <p className="empty">(no text)</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A tool the agent called in this turn: its name and the start of its input, the result on demand. */
function ToolCallLine({ call }: { call: SessionToolCall }) {
  const input = call.input ? oneLine(call.input, 160) : '';
  return (
    <details className={call.isError ? 'tool-call failed' : 'tool-call'}>
      <summary>
        <code>{call.name}</code>
        {input && <span className="tool-input"> {input}</span>}
        {call.isError && <span className="tool-error"> · failed</span>}
      </summary>
      {call.result ? <pre>{call.result.slice(0, 4000)}</pre> : <p className="empty">No result.</p>}
    </details>
  );
}

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
