import fc from 'fast-check';
import { buildTranscript, TRANSCRIPT_MAX_CHARS, type TranscriptTurn } from './transcript';
import { itemAt } from '@mnemo/testing';

const turn = (
  seq: number,
  text: string,
  role: TranscriptTurn['role'] = seq % 2 ? 'assistant' : 'user',
): TranscriptTurn => ({
  seq,
  role,
  text,
});

describe('buildTranscript', () => {
  it('labels turns and keeps them oldest first', () => {
    const input = buildTranscript([turn(1, 'Hi'), turn(0, 'Hello')]);
    expect(input.text).toBe('User: Hello\n\nAssistant: Hi');
    expect(input).toMatchObject({ includedTurns: 2, droppedTurns: 0, newestTruncated: false });
  });

  it('defaults to the 60,000-character cap', () => {
    const big = 'x'.repeat(40_000);
    const input = buildTranscript([turn(0, big), turn(1, big)]);
    expect(TRANSCRIPT_MAX_CHARS).toBe(60_000);
    expect(input.includedTurns).toBe(1);
    expect(input.droppedTurns).toBe(1);
  });

  it('keeps the newest turns and drops whole older ones when over the cap', () => {
    const turns = [turn(0, 'a'.repeat(30)), turn(1, 'b'.repeat(30)), turn(2, 'c'.repeat(30))];
    const input = buildTranscript(turns, 90);
    expect(input.text).toBe(`Assistant: ${'b'.repeat(30)}\n\nUser: ${'c'.repeat(30)}`);
    expect(input.droppedTurns).toBe(1);
  });

  it('counts the separators against the cap', () => {
    // Two blocks of 10 characters each need 22 with the blank line between them.
    const turns = [turn(0, 'abcd'), turn(2, 'efgh')];
    expect(buildTranscript(turns, 21).includedTurns).toBe(1);
    expect(buildTranscript(turns, 22).includedTurns).toBe(2);
  });

  it('keeps the end of a newest turn that is over the cap on its own', () => {
    const input = buildTranscript([turn(0, 'old'), turn(2, `${'x'.repeat(100)}THE END`)], 30);
    expect(input.text).toHaveLength(30);
    expect(input.text.startsWith('User: …')).toBe(true);
    expect(input.text.endsWith('THE END')).toBe(true);
    expect(input).toMatchObject({ includedTurns: 1, droppedTurns: 1, newestTruncated: true });
  });

  it('ignores system turns, blank turns and a redelivered seq', () => {
    const input = buildTranscript([
      turn(0, 'hello'),
      turn(1, 'ctx', 'system'),
      turn(2, '   '),
      turn(0, 'hello'),
    ]);
    expect(input.text).toBe('User: hello');
    expect(input.ignoredTurns).toBe(3);
  });

  it('gives an empty text for an empty transcript', () => {
    expect(buildTranscript([])).toEqual({
      text: '',
      includedTurns: 0,
      droppedTurns: 0,
      ignoredTurns: 0,
      newestTruncated: false,
    });
  });

  it('rejects a cap that is not a positive integer', () => {
    expect(() => buildTranscript([], 0)).toThrow(RangeError);
  });

  it('never exceeds the cap, accounts for every turn, and drops only when the next older turn cannot fit', () => {
    const turnsArb = fc.array(
      fc.string({ minLength: 1, maxLength: 80 }).filter((s) => s.trim().length > 0),
      {
        maxLength: 30,
      },
    );
    fc.assert(
      fc.property(turnsArb, fc.integer({ min: 1, max: 400 }), (texts, cap) => {
        const turns = texts.map((t, i) => turn(i, t));
        const input = buildTranscript(turns, cap);
        expect(input.text.length).toBeLessThanOrEqual(cap);
        expect(input.includedTurns + input.droppedTurns).toBe(turns.length);
        if (turns.length > 0) expect(input.includedTurns).toBeGreaterThan(0);
        if (input.droppedTurns > 0 && !input.newestTruncated) {
          const nextOlder = itemAt(turns, input.droppedTurns - 1);
          const block = `${nextOlder.role === 'user' ? 'User' : 'Assistant'}: ${nextOlder.text.trim()}`;
          expect(input.text.length + 2 + block.length).toBeGreaterThan(cap);
        }
      }),
    );
  });
});
