import { useCallback, useEffect, useId, useState } from 'react';
import type { Api } from '../../api';
import type { SkillCandidate } from '../../types';
import { ErrorText, Status } from '../../components/Status';
import { onLinkClick } from '../../router';

export interface SkillDraft {
  name: string;
  description: string;
  /** One step a line, as the person typed them. */
  steps: string;
}

export const draftOf = (c: SkillCandidate): SkillDraft => ({
  name: c.name,
  description: c.description,
  steps: c.steps.join('\n'),
});

/**
 * The PATCH body for an edit: only what the person changed (an edit replaces what discovery proposed
 * for good, so an untouched field stays discovery's), steps one a line with blank lines dropped;
 * null when nothing changed.
 */
export function editPatch(
  candidate: SkillCandidate,
  draft: SkillDraft,
): { name?: string; description?: string; steps?: string[] } | null {
  const patch: { name?: string; description?: string; steps?: string[] } = {};
  const name = draft.name.trim();
  const description = draft.description.trim();
  const steps = draft.steps
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);
  if (name !== candidate.name) patch.name = name;
  if (description !== candidate.description) patch.description = description;
  if (steps.join('\n') !== candidate.steps.join('\n')) patch.steps = steps;
  return Object.keys(patch).length ? patch : null;
}

/**
 * Skill candidates found in repeated successful work: a person accepts, edits or dismisses each; the
 * accepted ones are written out by `npx mnemo skills export DIR` (docs/learning.md).
 */
export function SkillCandidates({ api }: { api: Api }) {
  const [candidates, setCandidates] = useState<SkillCandidate[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const { candidates: all } = await api.get<{ candidates: SkillCandidate[] }>(
        '/v1/skills/candidates',
      );
      setCandidates(all.filter((c) => c.status !== 'dismissed'));
    } catch (e) {
      setError((e as Error).message);
    }
  }, [api]);
  useEffect(() => void load(), [load]);

  const act = async (done: string, call: () => Promise<unknown>) => {
    setError(null);
    try {
      await call();
      setMessage(done);
      await load();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const path = (c: SkillCandidate, action = '') =>
    `/v1/skills/candidates/${encodeURIComponent(c.candidateId)}${action}`;

  return (
    <section aria-labelledby="skills-title" className="skill-candidates">
      <h2 id="skills-title">Skill candidates</h2>
      <p className="hint">
        Work that repeated with the same steps, proposed as a Claude Code skill. Accepted ones are
        written out by <code>npx mnemo skills export .claude/skills</code>.
      </p>
      <Status message={message} />
      <ErrorText error={error} />
      {candidates && (
        <ul className="results-list" aria-label="Skill candidates">
          {candidates.length === 0 && <li className="empty">No skill candidate yet.</li>}
          {candidates.map((c) => (
            <SkillCandidateCard
              key={c.candidateId}
              candidate={c}
              onAccept={() => act(`Accepted ${c.name}.`, () => api.post(path(c, '/accept')))}
              onDismiss={() => act(`Dismissed ${c.name}.`, () => api.post(path(c, '/dismiss')))}
              onEdit={(patch) => act(`Saved ${c.name}.`, () => api.patch(path(c), patch))}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

export function SkillCandidateCard({
  candidate: c,
  onAccept,
  onDismiss,
  onEdit,
  editing: startEditing = false,
}: {
  candidate: SkillCandidate;
  onAccept: () => Promise<void>;
  onDismiss: () => Promise<void>;
  onEdit: (patch: NonNullable<ReturnType<typeof editPatch>>) => Promise<void>;
  editing?: boolean;
}) {
  const [editing, setEditing] = useState(startEditing);
  const [draft, setDraft] = useState<SkillDraft>(() => draftOf(c));
  const id = useId();
  const patch = editPatch(c, draft);

  return (
    <li className="card" aria-labelledby={`${id}-name`}>
      <p>
        <span className={`verdict skill-${c.status}`}>{c.status}</span>{' '}
        <strong id={`${id}-name`}>{c.name}</strong>
        {c.edited ? <span className="meta"> · edited</span> : null}
      </p>
      {editing ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (patch) void onEdit(patch).then(() => setEditing(false));
          }}
        >
          <label htmlFor={`${id}-n`}>Name (lowercase letters, digits and hyphens)</label>
          <input
            id={`${id}-n`}
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          />
          <label htmlFor={`${id}-d`}>When to use it</label>
          <textarea
            id={`${id}-d`}
            value={draft.description}
            onChange={(e) => setDraft({ ...draft, description: e.target.value })}
          />
          <label htmlFor={`${id}-s`}>Steps, one a line</label>
          <textarea
            id={`${id}-s`}
            value={draft.steps}
            onChange={(e) => setDraft({ ...draft, steps: e.target.value })}
          />
          <div className="inline">
            <button type="submit" disabled={!patch}>
              Save
            </button>
            <button
              type="button"
              onClick={() => {
                setDraft(draftOf(c));
                setEditing(false);
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <>
          <p>{c.description}</p>
          {c.steps.length > 0 && (
            <ol>
              {c.steps.map((step, i) => (
                <li key={i}>{step}</li>
              ))}
            </ol>
          )}
          {c.files.length > 0 && (
            <p className="meta">
              Files:{' '}
              {c.files.map((f, i) => (
                <span key={f}>
                  {i > 0 ? ', ' : ''}
                  <code>{f}</code>
                </span>
              ))}
            </p>
          )}
          {c.commands.length > 0 && (
            <p className="meta">
              Commands:{' '}
              {c.commands.map((command, i) => (
                <span key={command}>
                  {i > 0 ? ', ' : ''}
                  <code>{command}</code>
                </span>
              ))}
            </p>
          )}
          <p className="meta">
            From{' '}
            {c.sourceSessionIds.map((s, i) => (
              <span key={s}>
                {i > 0 ? ', ' : ''}
                <a href={`/sessions/${encodeURIComponent(s)}`} onClick={onLinkClick}>
                  session {s}
                </a>
              </span>
            ))}
          </p>
          <div className="inline">
            {c.status === 'proposed' && (
              <button type="button" onClick={() => void onAccept()}>
                Accept
              </button>
            )}
            <button type="button" onClick={() => setEditing(true)}>
              Edit
            </button>
            <button type="button" onClick={() => void onDismiss()}>
              Dismiss
            </button>
          </div>
        </>
      )}
    </li>
  );
}
