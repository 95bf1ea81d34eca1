import fc from 'fast-check';
import { packChunks, type ChunkTurn } from './pack-chunks';
import { itemAt } from '@mnemo/testing';

const turn = (
  seq: number,
  text: string,
  role: ChunkTurn['role'] = seq % 2 ? 'user' : 'assistant',
): ChunkTurn => ({
  seq,
  role,
  text,
  occurredAt: new Date(Date.UTC(2026, 2, 1, 10, seq)).toISOString(),
});

describe('packChunks', () => {
  it('packs whole turns into windows of about 1,200 characters, each named by its first turn and dated by it', () => {
    const turns = [
      turn(1, 'a'.repeat(500)),
      turn(2, 'b'.repeat(500)),
      turn(3, 'c'.repeat(500)),
      turn(4, 'd'.repeat(100)),
    ];
    const chunks = packChunks(turns);
    expect(chunks.map((c) => c.turns.map((t) => t.seq))).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(chunks.map((c) => c.firstSeq)).toEqual([1, 3]);
    expect(chunks[1]?.occurredAt).toBe(turns[2]?.occurredAt);
    expect(chunks.every((c) => c.text.length <= 1200)).toBe(true);
    expect(chunks[0]?.text.startsWith(`user: ${'a'.repeat(500)}\nassistant: b`)).toBe(true);
  });

  it('gives a turn longer than a window a window of its own, clipped', () => {
    const chunks = packChunks([turn(1, 'short'), turn(2, 'x'.repeat(9000)), turn(3, 'after')]);
    expect(chunks.map((c) => c.firstSeq)).toEqual([1, 2, 3]);
    expect(chunks[1]?.text.length).toBeLessThanOrEqual(4000 + 'assistant: '.length);
  });

  it("keeps the neighbouring windows' edge turns as context", () => {
    const chunks = packChunks([
      turn(1, 'q'.repeat(700)),
      turn(2, 'the answer'),
      turn(3, 'r'.repeat(700)),
      turn(4, 'next question'),
    ]);
    expect(chunks.map((c) => c.firstSeq)).toEqual([1, 3]);
    expect(chunks[0]?.context).toBe(`${'r'.repeat(299)}…`);
    expect(chunks[1]?.context).toBe('the answer');
  });

  it('re-packing from any window edge gives the same windows as packing the whole session', () => {
    const texts = fc.array(fc.string({ minLength: 1, maxLength: 900 }), {
      minLength: 1,
      maxLength: 30,
    });
    fc.assert(
      fc.property(texts, fc.nat(), (list, pick) => {
        const turns = list.map((text, i) => turn(i + 1, text));
        const whole = packChunks(turns);
        const edge = itemAt(whole, pick % whole.length).firstSeq;
        const tail = packChunks(turns.filter((t) => t.seq >= edge));
        expect(tail.map((c) => c.turns.map((t) => t.seq))).toEqual(
          whole.filter((c) => c.firstSeq >= edge).map((c) => c.turns.map((t) => t.seq)),
        );
      }),
    );
  });
});
