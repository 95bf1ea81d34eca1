import { useId, useState } from 'react';
import type { Api } from '../api';
import { ErrorText, when } from '../components/Status';
import { onLinkClick } from '../router';
import type { RecallHit, RecallRequestBody } from '../types';
import { SkillCandidates } from './recall/SkillCandidates';

interface PriorSession {
  sessionId: string;
  verdict: string;
  summary: string;
  filesEdited: string[];
  lessons: string[];
  startedAt: string | null;
  overlap?: number;
}
interface PriorDecision {
  decisionId: string;
  sessionId: string;
  topic: string;
  stance: string;
  rationale: string;
  occurredAt: string;
  score: number;
}

type Mode = 'conversations' | 'work' | 'decisions';

/** Searches over past conversations, prior work and prior decisions; verdicts and stances as the API gives them. */
export function RecallPage({ api }: { api: Api }) {
  const [mode, setMode] = useState<Mode>('conversations');
  const [text, setText] = useState('');
  const [workBy, setWorkBy] = useState<'task' | 'file'>('task');
  const [hits, setHits] = useState<RecallHit[] | null>(null);
  const [sessions, setSessions] = useState<PriorSession[] | null>(null);
  const [decisions, setDecisions] = useState<{ decisions: PriorDecision[]; note?: string } | null>(
    null,
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const queryId = useId();

  // Shows its own errors, so the form fires it and forgets the promise.
  const search = async (event: React.FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (!q) return;
    setBusy(true);
    setError(null);
    try {
      if (mode === 'conversations') {
        const body: RecallRequestBody = { query: q, limit: 20 };
        setHits((await api.post<{ hits: RecallHit[] }>('/v1/recall', body)).hits);
      } else if (mode === 'work') {
        setSessions(
          (await api.get<{ sessions: PriorSession[] }>('/v1/prior-work', { [workBy]: q })).sessions,
        );
      } else {
        setDecisions(
          await api.get<{ decisions: PriorDecision[]; note?: string }>('/v1/prior-decisions', {
            q,
          }),
        );
      }
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const modes: Array<{ id: Mode; label: string }> = [
    { id: 'conversations', label: 'Past conversations' },
    { id: 'work', label: 'Prior work' },
    { id: 'decisions', label: 'Prior decisions' },
  ];

  return (
    <section aria-labelledby="recall-title">
      <h1 id="recall-title">Recall</h1>
      <form onSubmit={(e) => void search(e)} className="card recall-form">
        <fieldset className="modes">
          <legend>Search</legend>
          {modes.map((m) => (
            <label key={m.id} className="radio">
              <input
                type="radio"
                name="mode"
                value={m.id}
                checked={mode === m.id}
                onChange={() => setMode(m.id)}
              />{' '}
              {m.label}
            </label>
          ))}
        </fieldset>
        {mode === 'work' && (
          <fieldset className="modes">
            <legend>Prior work by</legend>
            <label className="radio">
              <input
                type="radio"
                name="by"
                checked={workBy === 'task'}
                onChange={() => setWorkBy('task')}
              />{' '}
              task
            </label>
            <label className="radio">
              <input
                type="radio"
                name="by"
                checked={workBy === 'file'}
                onChange={() => setWorkBy('file')}
              />{' '}
              file path
            </label>
          </fieldset>
        )}
        <label htmlFor={queryId}>
          {mode === 'conversations'
            ? 'What was said about'
            : mode === 'work'
              ? workBy === 'file'
                ? 'File path'
                : 'Task'
              : 'Topic'}
        </label>
        <div className="inline">
          <input
            id={queryId}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" disabled={busy || !text.trim()}>
            {busy ? 'Searching…' : 'Search'}
          </button>
        </div>
      </form>
      <ErrorText error={error} />
      {mode === 'conversations' && hits && (
        <ul className="results-list" aria-label="Conversation matches">
          {hits.length === 0 && <li className="empty">Nothing relevant was said.</li>}
          {hits.map((h) => (
            <li key={h.chunkId} className="card">
              <p>
                <Highlighted text={h.snippet} />
              </p>
              <p className="meta">
                <a
                  href={`/sessions/${encodeURIComponent(h.sessionId)}?turns=${h.turnSeqs.join(',')}`}
                  onClick={onLinkClick}
                >
                  session {h.sessionId}
                </a>{' '}
                · {when(h.occurredAt)} · relevance {h.score.toFixed(2)}
              </p>
            </li>
          ))}
        </ul>
      )}
      {mode === 'work' && sessions && (
        <ul className="results-list" aria-label="Prior work">
          {sessions.length === 0 && <li className="empty">No earlier session matches.</li>}
          {sessions.map((s) => (
            <li key={s.sessionId} className="card">
              <p>
                <span className={`verdict verdict-${s.verdict}`}>{s.verdict}</span>{' '}
                {s.summary || 'No summary.'}
              </p>
              {s.lessons.length > 0 && <p className="meta">Lessons: {s.lessons.join('; ')}</p>}
              <p className="meta">
                <a href={`/sessions/${encodeURIComponent(s.sessionId)}`} onClick={onLinkClick}>
                  session {s.sessionId}
                </a>{' '}
                · {when(s.startedAt)}
                {s.filesEdited.length
                  ? ` · edited ${s.filesEdited.slice(0, 3).join(', ')}${s.filesEdited.length > 3 ? '…' : ''}`
                  : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
      {mode === 'decisions' && decisions && (
        <>
          {decisions.note && <p className="hint">{decisions.note}</p>}
          <ul className="results-list" aria-label="Prior decisions">
            {decisions.decisions.length === 0 && (
              <li className="empty">No earlier decision on this.</li>
            )}
            {decisions.decisions.map((d) => (
              <li key={d.decisionId} className="card">
                <p>
                  <span className={`stance stance-${d.stance}`}>{d.stance}</span>{' '}
                  <strong>{d.topic}</strong>
                </p>
                <p>{d.rationale}</p>
                <p className="meta">
                  <a href={`/sessions/${encodeURIComponent(d.sessionId)}`} onClick={onLinkClick}>
                    session {d.sessionId}
                  </a>{' '}
                  · {when(d.occurredAt)} · relevance {d.score.toFixed(2)}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
      <SkillCandidates api={api} />
    </section>
  );
}

/**
 * Recall marks the words that matched with `**` (its snippets are written for agents, who read
 * Markdown): shown here as highlights, never as raw asterisks and never as HTML.
 */
function Highlighted({ text }: { text: string }) {
  const parts = text.split('**');
  // an odd count of markers leaves the last one as it was written
  const closed =
    parts.length % 2 === 1 ? parts : [...parts.slice(0, -2), `${parts.at(-2)}**${parts.at(-1)}`];
  return <>{closed.map((part, i) => (i % 2 === 1 ? <mark key={i}>{part}</mark> : part))}</>;
}
