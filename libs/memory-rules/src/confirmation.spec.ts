import { confirmedAtCreation, confirmedByEdit } from './confirmation';

describe('confirmed: one rule for the API, the Explorer, CLAUDE.md and the memory block', () => {
  it.each([
    ['manual', false, true],
    ['agent', false, false],
    ['coach', false, false],
    ['extraction', false, false],
    ['coach', true, true],
    ['agent', true, true],
  ])('a %s fact (from a confirmed proposal: %s) is confirmed: %s', (source, proposal, want) => {
    expect(confirmedAtCreation({ source, fromConfirmedProposal: proposal })).toBe(want);
  });

  it('is confirmed by the person’s edit only', () => {
    expect(confirmedByEdit({ editedByPerson: true })).toBe(true);
    expect(confirmedByEdit({ editedByPerson: false })).toBe(false);
    expect(confirmedByEdit({})).toBe(false);
  });
});
