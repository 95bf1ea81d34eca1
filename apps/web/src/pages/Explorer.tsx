import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Api, ApiError } from '../api';
import { followChanges } from '../changes';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ErrorText, Status, when } from '../components/Status';
import { onLinkClick } from '../router';
import {
  CATEGORIES,
  MAX_FACT_CHARS,
  MIN_SEARCH_CHARS,
  type Category,
  type CreateMemoryRequest,
  type ListMemoriesParams,
  type Memory,
  type MemoryPage,
  type PatchMemoryRequest,
  type Proposal,
  type SearchHit,
  type SearchMemoriesParams,
} from '../types';

/** What belongs in each tab: each category shows a brief description of what belongs there. */
export const CATEGORY_DESCRIPTIONS: Record<Category, string> = {
  All: 'Everything Mnemo remembers about you, newest first.',
  Facts:
    'What you are and what you have lived: your values, the events of your life and what you have realised.',
  Decisions: 'Choices you made, and why you made them.',
  Preferences: 'What you like, dislike and prefer, and how you like things done.',
  Relationships: 'The people in your life and how you relate to them.',
  Goals: 'What you want to achieve, learn or change.',
  Values: 'What matters most to you.',
  Events: 'Things that happened to you, or that are planned.',
  Insights: 'What you came to understand about yourself.',
};

const PAGE_SIZE = 50;
const SEARCH_DEBOUNCE_MS = 300;

interface Editing {
  id: string;
  draft: string;
  version: number;
  /** The memory changed on the server while the person was typing: their draft stays, and they are told. */
  changedMeanwhile: boolean;
}

export function Explorer({ api }: { api: Api }) {
  const [category, setCategory] = useState<Category>('All');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<MemoryPage | null>(null);
  const [proposals, setProposals] = useState<Proposal[]>([]);
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<SearchHit[] | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [adding, setAdding] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Memory | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [live, setLive] = useState(false);
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const editingRef = useRef<Editing | null>(null);
  editingRef.current = editing;
  const searchId = useId();
  const addId = useId();

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const [memories, pending] = await Promise.all([
          api.get<MemoryPage>(
            '/v1/memories',
            { category, page, pageSize: PAGE_SIZE } satisfies ListMemoriesParams,
            signal,
          ),
          api.get<{ proposals: Proposal[] }>('/v1/proposals', undefined, signal),
        ]);
        setData(memories);
        setProposals(pending.proposals);
        setError(null);
      } catch (e) {
        if ((e as Error).name !== 'AbortError') setError((e as Error).message);
      }
    },
    [api, category, page],
  );

  useEffect(() => {
    const abort = new AbortController();
    void load(abort.signal);
    return () => abort.abort();
  }, [load]);

  // Live refresh: a change pushed by the server reloads the page of memories. The edit in progress is
  // separate state (its draft and the version it started from), so a reload never touches it.
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reload = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void loadRef.current(), 150);
    };
    const stop = followChanges(api.key, {
      onReady: reload,
      onStatus: setLive,
      onChange(change) {
        const current = editingRef.current;
        if (current && change.memoryId === current.id && (change.version ?? 0) > current.version) {
          setEditing({ ...current, changedMeanwhile: true });
        }
        reload();
      },
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [api]);

  // Search: debounced, at least three characters, in the active tab.
  useEffect(() => {
    const q = query.trim();
    if (q.length < MIN_SEARCH_CHARS) {
      setHits(null);
      return;
    }
    const abort = new AbortController();
    const timer = setTimeout(() => {
      api
        .get<{ hits: SearchHit[] }>(
          '/v1/memories/search',
          { q, category, limit: 50 } satisfies SearchMemoriesParams,
          abort.signal,
        )
        .then((r) => setHits(r.hits))
        .catch((e: Error) => e.name !== 'AbortError' && setError(e.message));
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [api, query, category]);

  const choose = (next: Category) => {
    setCategory(next);
    setPage(1);
  };
  const onTabKey = (event: React.KeyboardEvent, index: number) => {
    const last = CATEGORIES.length - 1;
    const to =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (to === null) return;
    event.preventDefault();
    choose(CATEGORIES[to]);
    tabRefs.current[to]?.focus();
  };

  // Shows its own errors, so the form fires it and forgets the promise.
  const saveNew = async (event: React.FormEvent) => {
    event.preventDefault();
    if (adding === null || !adding.trim()) return;
    try {
      await api.post<Memory>('/v1/memories', {
        content: adding.trim(),
        category,
      } satisfies CreateMemoryRequest);
      setAdding(null);
      setStatus(`Saved under ${category === 'All' ? 'Facts' : category}.`);
      await load();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const saveEdit = async () => {
    if (!editing) return;
    try {
      await api.patch<Memory>(`/v1/memories/${encodeURIComponent(editing.id)}`, {
        content: editing.draft,
        version: editing.version,
      } satisfies PatchMemoryRequest);
      setEditing(null);
      setStatus('Memory saved.');
      await load();
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        const currentVersion = (e.body as { error?: { details?: { currentVersion?: number } } })
          ?.error?.details?.currentVersion;
        setEditing({
          ...editing,
          changedMeanwhile: true,
          version: currentVersion ?? editing.version,
        });
        setError(
          'This memory changed while you were editing it. Your text is kept: save again to replace the newer version.',
        );
      } else setError((e as Error).message);
    }
  };

  const confirmDelete = async () => {
    const target = deleting;
    setDeleting(null);
    if (!target) return;
    try {
      await api.delete(`/v1/memories/${encodeURIComponent(target.id)}`);
      setStatus('Memory deleted.');
      await load();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const answer = async (proposal: Proposal, verb: 'confirm' | 'reject') => {
    try {
      await api.post(`/v1/proposals/${encodeURIComponent(proposal.id)}/${verb}`);
      setStatus(
        verb === 'confirm'
          ? 'Confirmed: it is now a memory.'
          : 'Rejected: it will not be remembered.',
      );
      await load();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const counts = data?.counts;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const activeIndex = CATEGORIES.indexOf(category);

  return (
    <section aria-labelledby="explorer-title" className="explorer">
      <div className="page-head">
        <h1 id="explorer-title">Memory Explorer</h1>
        <span className={live ? 'live on' : 'live'} aria-live="polite">
          {live ? 'Live' : 'Connecting…'}
        </span>
      </div>

      {proposals.length > 0 && (
        <section aria-labelledby="proposals-title" className="card proposals">
          <h2 id="proposals-title">Waiting for your answer</h2>
          <p className="hint">Sensitive facts are only remembered once you confirm them.</p>
          <ul>
            {proposals.map((p) => (
              <li key={p.id} className="proposal">
                <p>{p.content}</p>
                <div className="actions">
                  <button
                    type="button"
                    onClick={() => void answer(p, 'confirm')}
                    aria-label={`Confirm: ${p.content}`}
                  >
                    Confirm
                  </button>
                  <button
                    type="button"
                    className="quiet"
                    onClick={() => void answer(p, 'reject')}
                    aria-label={`Reject: ${p.content}`}
                  >
                    Reject
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}

      <div role="tablist" aria-label="Categories" className="tabs">
        {CATEGORIES.map((c, i) => (
          <button
            key={c}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${c}`}
            aria-selected={c === category}
            aria-controls="memories-panel"
            tabIndex={i === activeIndex ? 0 : -1}
            onClick={() => choose(c)}
            onKeyDown={(e) => onTabKey(e, i)}
          >
            {c} <span className="count">{counts ? counts[c] : '…'}</span>
          </button>
        ))}
      </div>

      <div
        role="tabpanel"
        id="memories-panel"
        aria-labelledby={`tab-${category}`}
        className="panel"
      >
        <p className="description">{CATEGORY_DESCRIPTIONS[category]}</p>
        <div className="toolbar">
          <div className="search">
            <label htmlFor={searchId}>
              Search {category === 'All' ? 'memories' : category.toLowerCase()}
            </label>
            <input
              id={searchId}
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="At least 3 characters"
            />
          </div>
          {adding === null && (
            <button type="button" onClick={() => setAdding('')}>
              Add memory
            </button>
          )}
        </div>
        <Status message={status} />
        <ErrorText error={error} />

        {adding !== null && (
          <form className="card add" onSubmit={(e) => void saveNew(e)}>
            <label htmlFor={addId}>
              New memory under {category === 'All' ? 'Facts' : category}
            </label>
            <textarea
              id={addId}
              value={adding}
              onChange={(e) => setAdding(e.target.value)}
              rows={2}
              autoFocus
              maxLength={MAX_FACT_CHARS}
            />
            <div className="actions">
              <button type="submit" disabled={!adding.trim()}>
                Save
              </button>
              <button type="button" className="quiet" onClick={() => setAdding(null)}>
                Cancel
              </button>
            </div>
          </form>
        )}

        {hits !== null ? (
          <section aria-label="Search results">
            <p className="hint">
              {hits.length} {hits.length === 1 ? 'match' : 'matches'} for “{query.trim()}”
            </p>
            <ul className="memories">
              {hits.map((hit) => (
                <li key={hit.id} className="memory">
                  {/* the snippet is escaped by the server; its only markup is <mark> around the matches */}
                  <p className="snippet" dangerouslySetInnerHTML={{ __html: hit.snippet }} />
                  <p className="meta">{hit.factType}</p>
                </li>
              ))}
            </ul>
          </section>
        ) : (
          <>
            {data && data.memories.length === 0 && <p className="empty">No memories here yet.</p>}
            <ul className="memories" aria-label={`${category} memories`}>
              {data?.memories.map((m) => (
                <MemoryItem
                  key={m.id}
                  memory={m}
                  editing={editing?.id === m.id ? editing : null}
                  onEdit={() =>
                    setEditing({
                      id: m.id,
                      draft: m.content,
                      version: m.version,
                      changedMeanwhile: false,
                    })
                  }
                  onDraft={(draft) => setEditing((e) => (e ? { ...e, draft } : e))}
                  onSave={() => void saveEdit()}
                  onCancel={() => setEditing(null)}
                  onDelete={() => setDeleting(m)}
                />
              ))}
            </ul>
            {data && data.total > PAGE_SIZE && (
              <nav aria-label="Pages" className="pager">
                <button
                  type="button"
                  className="quiet"
                  disabled={page <= 1}
                  onClick={() => setPage(page - 1)}
                >
                  Previous
                </button>
                <span>
                  {(page - 1) * PAGE_SIZE + 1}–{Math.min(page * PAGE_SIZE, data.total)} of{' '}
                  {data.total.toLocaleString()} · page {page} of {totalPages}
                </span>
                <button
                  type="button"
                  className="quiet"
                  disabled={page >= totalPages}
                  onClick={() => setPage(page + 1)}
                >
                  Next
                </button>
              </nav>
            )}
          </>
        )}
      </div>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete this memory?"
        confirmLabel="Delete"
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>“{deleting?.content}” will no longer be used in your conversations.</p>
      </ConfirmDialog>
    </section>
  );
}

function Origin({ memory }: { memory: Memory }) {
  const o = memory.origin;
  if (o.session === 'manual') return <span>Added by you</span>;
  const parts: React.ReactNode[] = [];
  if (o.artifactId) parts.push(<span key="a">from artifact “{o.artifactId}”</span>);
  if (o.session && o.session !== 'artifact-extract') {
    const where = o.turns?.length
      ? `turns ${o.turns.join(', ')}`
      : o.messageSeq !== undefined
        ? `message ${o.messageSeq}`
        : o.segment !== undefined
          ? `segment ${o.segment}`
          : null;
    const href = `/sessions/${encodeURIComponent(o.session)}${o.turns?.length ? `?turns=${o.turns.join(',')}` : o.messageSeq !== undefined ? `?turns=${o.messageSeq}` : ''}`;
    parts.push(
      <span key="s">
        from{' '}
        <a href={href} onClick={onLinkClick}>
          session {o.session}
        </a>
        {where ? `, ${where}` : ''}
      </span>,
    );
  }
  return (
    <span>
      {parts.length
        ? parts.reduce<React.ReactNode[]>((all, p, i) => (i ? [...all, ' · ', p] : [p]), [])
        : 'from a conversation'}
    </span>
  );
}

function MemoryItem(props: {
  memory: Memory;
  editing: Editing | null;
  onEdit: () => void;
  onDraft: (draft: string) => void;
  onSave: () => void;
  onCancel: () => void;
  onDelete: () => void;
}) {
  const { memory: m, editing } = props;
  const fieldId = useId();
  return (
    <li className="memory" aria-label={m.content}>
      {editing ? (
        <form
          className="edit"
          onSubmit={(e) => {
            e.preventDefault();
            props.onSave();
          }}
        >
          <label htmlFor={fieldId}>Edit memory</label>
          <textarea
            id={fieldId}
            value={editing.draft}
            onChange={(e) => props.onDraft(e.target.value)}
            rows={2}
            autoFocus
            maxLength={MAX_FACT_CHARS}
          />
          {editing.changedMeanwhile && (
            <p className="warning">
              This memory changed while you were editing. Your text is kept until you save or
              cancel.
            </p>
          )}
          <div className="actions">
            <button type="submit" disabled={!editing.draft.trim()}>
              Save
            </button>
            <button type="button" className="quiet" onClick={props.onCancel}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <p className="content">{m.content}</p>
      )}
      <p className="meta">
        <span className="tag">{m.category}</span> <span>{m.confidence} confidence</span> ·{' '}
        <Origin memory={m} /> · <time dateTime={m.createdAt}>{when(m.createdAt)}</time>
        {m.editedByPerson && ' · edited by you'}
        {/* memory-rules' one rule: what the API says `confirmed` is what the block and CLAUDE.md say too */}
        {m.confirmed
          ? ' · confirmed'
          : m.source === 'agent'
            ? ' · saved by the agent, not confirmed'
            : ''}
      </p>
      {m.supersedes && m.supersedes.length > 0 && (
        <p className="meta superseded">
          Replaced:{' '}
          {m.supersedes.map((s, i) => (
            <q key={s.id}>
              {i ? ', ' : ''}
              {s.content}
            </q>
          ))}
        </p>
      )}
      {!editing && (
        <div className="actions">
          <button
            type="button"
            className="quiet"
            onClick={props.onEdit}
            aria-label={`Edit: ${m.content}`}
          >
            Edit
          </button>
          <button
            type="button"
            className="quiet danger-text"
            onClick={props.onDelete}
            aria-label={`Delete: ${m.content}`}
          >
            Delete
          </button>
        </div>
      )}
    </li>
  );
}
