import { useId } from 'react';
import { when } from '../../components/Status';
import { onLinkClick } from '../../router';
import { MAX_FACT_CHARS, type Memory } from '../../types';

/** An edit in progress: its draft and the version it started from, apart from the page's data. */
export interface Editing {
  id: string;
  draft: string;
  version: number;
  /** The memory changed on the server while the person was typing: their draft stays, and they are told. */
  changedMeanwhile: boolean;
}

/** Where a memory came from: added by hand, an artifact, or a session's turns (a link to them). */
export function Origin({ memory }: { memory: Memory }) {
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

export function MemoryItem(props: {
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
