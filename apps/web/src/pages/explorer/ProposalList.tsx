import type { Proposal } from '../../types';

/** Sensitive facts waiting for the person's answer: each confirmed or rejected here. */
export function ProposalList({
  proposals,
  onAnswer,
}: {
  proposals: readonly Proposal[];
  onAnswer: (proposal: Proposal, verb: 'confirm' | 'reject') => void;
}) {
  if (proposals.length === 0) return null;
  return (
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
                onClick={() => onAnswer(p, 'confirm')}
                aria-label={`Confirm: ${p.content}`}
              >
                Confirm
              </button>
              <button
                type="button"
                className="quiet"
                onClick={() => onAnswer(p, 'reject')}
                aria-label={`Reject: ${p.content}`}
              >
                Reject
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
