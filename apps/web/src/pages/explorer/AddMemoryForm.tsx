import { useId } from 'react';
import { MAX_FACT_CHARS, type Category } from '../../types';

/** A new memory's text, saved under the active tab (Facts from All). */
export function AddMemoryForm(props: {
  category: Category;
  draft: string;
  onDraft: (draft: string) => void;
  onSave: (event: React.FormEvent) => void;
  onCancel: () => void;
}) {
  const addId = useId();
  const { category, draft } = props;
  return (
    <form className="card add" onSubmit={props.onSave}>
      <label htmlFor={addId}>New memory under {category === 'All' ? 'Facts' : category}</label>
      <textarea
        id={addId}
        value={draft}
        onChange={(e) => props.onDraft(e.target.value)}
        rows={2}
        autoFocus
        maxLength={MAX_FACT_CHARS}
      />
      <div className="actions">
        <button type="submit" disabled={!draft.trim()}>
          Save
        </button>
        <button type="button" className="quiet" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
