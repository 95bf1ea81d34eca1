/**
 * Whether a memory is confirmed: one rule for every read model (memory's API and Explorer, and the
 * context service's CLAUDE.md and memory block), so "(confirmed)" means the same everywhere. A memory
 * is confirmed when the person stands behind it: they wrote it themselves (`manual`), they confirmed
 * the proposal that made it, or they edited it. What the coach or an agent saved (`coach`, `agent`)
 * and what extraction read (`extraction`) is not, until then.
 */
export function confirmedAtCreation(fact: {
  source: string;
  /** The fact was created by the person confirming a proposal. */
  fromConfirmedProposal: boolean;
}): boolean {
  return fact.fromConfirmedProposal || fact.source === 'manual';
}

/** An edit confirms a memory when the person made it; anyone else's edit leaves it as it was. */
export const confirmedByEdit = (edit: { editedByPerson?: boolean }): boolean =>
  edit.editedByPerson === true;
