import { useId, useRef, useState } from 'react';
import { Api, ApiError } from '../api';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ErrorText, Status } from '../components/Status';
import {
  type Category,
  type CreateMemoryRequest,
  type Memory,
  type PatchMemoryRequest,
  type Proposal,
} from '../types';
import { AddMemoryForm } from './explorer/AddMemoryForm';
import { CategoryTabs } from './explorer/CategoryTabs';
import { MemoryItem, type Editing } from './explorer/MemoryItem';
import { Pager } from './explorer/Pager';
import { ProposalList } from './explorer/ProposalList';
import { SearchResults } from './explorer/SearchResults';
import { PAGE_SIZE, useMemoryPage, useMemorySearch } from './explorer/use-memories';

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

export function Explorer({ api }: { api: Api }) {
  const [category, setCategory] = useState<Category>('All');
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [adding, setAdding] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Memory | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const editingRef = useRef<Editing | null>(null);
  editingRef.current = editing;
  const searchId = useId();

  const { data, proposals, live, load } = useMemoryPage(api, category, page, {
    onError: setError,
    onChange(change) {
      const current = editingRef.current;
      if (current && change.memoryId === current.id && (change.version ?? 0) > current.version) {
        setEditing({ ...current, changedMeanwhile: true });
      }
    },
  });
  const hits = useMemorySearch(api, query, category, setError);

  const choose = (next: Category) => {
    setCategory(next);
    setPage(1);
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

  return (
    <section aria-labelledby="explorer-title" className="explorer">
      <div className="page-head">
        <h1 id="explorer-title">Memory Explorer</h1>
        <span className={live ? 'live on' : 'live'} aria-live="polite">
          {live ? 'Live' : 'Connecting…'}
        </span>
      </div>

      <ProposalList proposals={proposals} onAnswer={(p, verb) => void answer(p, verb)} />

      <CategoryTabs category={category} counts={data?.counts} onChoose={choose} />

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
          <AddMemoryForm
            category={category}
            draft={adding}
            onDraft={setAdding}
            onSave={(e) => void saveNew(e)}
            onCancel={() => setAdding(null)}
          />
        )}

        {hits !== null ? (
          <SearchResults hits={hits} query={query} />
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
            {data && <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} />}
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
