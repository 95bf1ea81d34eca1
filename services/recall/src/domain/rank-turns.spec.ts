import {
  answerScores,
  coverageOf,
  orderHits,
  scoreTurns,
  type CandidateChunk,
  type RankTerm,
  NAME_WEIGHT,
  SPEAKER_WEIGHT,
  termWeight,
} from './rank-turns';
import { feedbackLexemes } from './feedback-lexemes';

const chunk = (
  chunkId: string,
  turns: Array<Record<string, number>>,
  {
    sessionId = chunkId.split('#')[0] ?? chunkId,
    first = 1,
    inWindow = null as boolean | null,
  } = {},
): CandidateChunk => ({
  chunkId,
  sessionId,
  inWindow,
  turns: turns.map((terms, i) => ({ seq: first + i, terms })),
});
const term = (lexeme: string, idf = 2, weight = 1): RankTerm => ({ lexeme, idf, weight });
const order = (terms: RankTerm[], chunks: CandidateChunk[]) =>
  scoreTurns(terms, chunks).map((t) => `${t.chunk.chunkId}/${t.seq}`);

describe('scoreTurns', () => {
  it('saturates a repeated word and prefers the shorter turn holding it', () => {
    const turns = scoreTurns(
      [term('pool'), term('timeout')],
      [
        chunk('a#1', [{ pool: 6, x: 10 }]),
        chunk('b#1', [{ pool: 1, timeout: 1, y: 10 }]),
        chunk('c#1', [{ pool: 1, filler: 30 }]),
        chunk('d#1', [{ pool: 1 }]),
      ],
    );
    const score = (id: string) => turns.find((t) => t.chunk.chunkId === id)!.score;
    expect(score('b#1')).toBeGreaterThan(score('a#1'));
    expect(score('d#1')).toBeGreaterThan(score('c#1'));
  });

  it('lifts the turn after a matching question (its answer) above an unrelated turn', () => {
    const ranked = order(
      [term('pool')],
      [chunk('s#1', [{ pool: 1, size: 1 }, { forty: 1 }, { lunch: 1 }])],
    );
    expect(ranked).toEqual(['s#1/1', 's#1/2']);
  });

  it('ranks a session with several matching turns above one lucky turn of equal strength', () => {
    const ranked = order(
      [term('kafka'), term('lag')],
      [
        chunk('one#1', [{ kafka: 1, lag: 1 }], { sessionId: 'one' }),
        chunk('many#1', [{ kafka: 1, lag: 1 }, { other: 1 }, { other: 1 }, { kafka: 1 }], {
          sessionId: 'many',
        }),
      ],
    );
    expect(ranked[0]).toBe('many#1/1');
  });

  it('ranks a chunk inside the time the question names above an equal one outside it', () => {
    const ranked = order(
      [term('launch')],
      [
        chunk('old#1', [{ launch: 1 }], { inWindow: false }),
        chunk('new#1', [{ launch: 1 }], { inWindow: true }),
      ],
    );
    expect(ranked[0]).toBe('new#1/1');
  });

  it('ranks a turn inside the time the question names that holds none of its words above one outside it that holds only a name', () => {
    const ranked = order(
      [term('tom', 1, 0.5), term('hurt', 3)],
      [
        // a greeting outside the time, holding only the speaker's name
        chunk('greet#1', [{ hey: 1, tom: 1 }, { lunch: 1 }, { week: 1 }], { inWindow: false }),
        // the answer, in the time named, in words the question does not use
        chunk('then#1', [{ broke: 1, wrist: 1 }], { inWindow: true }),
      ],
    );
    expect(ranked).toContain('then#1/1');
    expect(ranked[0]).toBe('then#1/1');
    // outside the time, a turn holding nothing of the question still is no answer
    expect(ranked).not.toContain('greet#1/3');
  });
});

describe('orderHits', () => {
  it("covers the question's two parts before a near-copy of the first", () => {
    const terms = [term('omar', 3), term('engag', 3), term('firefight', 2)];
    const chunks = [
      chunk('a#1', [{ omar: 1, engag: 1, wed: 1 }]),
      chunk('b#1', [{ omar: 1, engag: 1, spring: 1 }]),
      chunk('c#1', [{ omar: 1, firefight: 1 }]),
    ];
    const hits = orderHits(terms, scoreTurns(terms, chunks), 2);
    expect(hits.map((h) => h.chunk.chunkId)).toEqual(['a#1', 'c#1']);
  });

  it('gives at most `limit` chunks, their answering turns best first', () => {
    const terms = [term('pool')];
    const chunks = [
      chunk('a#1', [{ pool: 2 }, { pool: 1, x: 3 }, { y: 1 }]),
      chunk('b#1', [{ pool: 1 }]),
    ];
    const hits = orderHits(terms, scoreTurns(terms, chunks), 1);
    expect(hits).toHaveLength(1);
    expect(hits[0]?.turnSeqs.slice(0, 2)).toEqual([1, 2]);
  });
  it("lists under an early chunk only the turns picked among the first ones, so the hits' turns read best first", () => {
    const terms = [term('pool', 3), term('timeout', 2)];
    const strong = (id: string) => chunk(id, [{ pool: 1, timeout: 1 }]);
    const chunks = [
      chunk('a#1', [{ pool: 2, timeout: 2 }, { x: 1 }, { y: 1 }, { timeout: 1, z: 9 }]),
      ...['b#1', 'c#1', 'd#1', 'e#1'].map(strong),
    ];
    const hits = orderHits(terms, scoreTurns(terms, chunks), 5);
    // a#1/4 ranks below the other chunks' turns: listed under a#1 it would read second
    expect(hits.flatMap((h) => h.turnSeqs.map((seq) => `${h.chunk.chunkId}/${seq}`))).toEqual([
      'a#1/1',
      'b#1/1',
      'c#1/1',
      'd#1/1',
      'e#1/1',
    ]);
  });

  it('picks the leading turns first, however feedback has since ranked them', () => {
    const question = [term('cousin', 1)];
    // feedback added the cousin's name, which the engagement turn holds twice
    const widened = [...question, term('beatriz', 8, 0.45)];
    const chunks = [
      chunk('work#1', [{ cousin: 1, beatriz: 1, architect: 1, firm: 1, school: 1 }]),
      chunk('wed#1', [{ beatriz: 2, engag: 1 }]),
      chunk('old#1', [{ cousin: 1, visit: 1, garden: 1, sunday: 1, lunch: 1, aunt: 1 }]),
    ];
    const first = scoreTurns(question, chunks);
    expect(first[0]?.chunk.chunkId).toBe('work#1');
    const turns = scoreTurns(widened, chunks);
    const ids = (lead: typeof first) =>
      orderHits(widened, turns, 3, undefined, 4, lead).map((h) => h.chunk.chunkId);
    expect(ids([])[0]).toBe('wed#1');
    // the question's own best leads; the feedback word still brings the turn its words missed
    expect(ids(first.slice(0, 1))).toEqual(['work#1', 'wed#1', 'old#1']);
  });
});

describe('coverageOf', () => {
  it("counts the question's words no chunk holds, so a question about something never said scores low", () => {
    const hit = { chunk: chunk('a#1', [{ trip: 1 }, { iceland: 0 }]), turnSeqs: [1] };
    expect(coverageOf(hit, [term('trip', 1), term('reykjavik', 6)])).toBeCloseTo(1 / 7);
    expect(coverageOf(hit, [term('trip', 1)])).toBe(1);
  });
});

describe('feedbackLexemes', () => {
  it("offers the best turns' words the question lacks (the caller keeps the rare ones)", () => {
    const terms = [term('engag')];
    const chunks = [
      chunk('a#1', [{ omar: 1, engag: 1, weekend: 1 }]),
      chunk('b#1', [{ weekend: 1, engag: 1 }]),
      chunk('c#1', [{ weekend: 1 }]),
    ];
    const words = feedbackLexemes(scoreTurns(terms, chunks), new Set(['engag']), { count: 2 });
    expect(words.sort()).toEqual(['omar', 'weekend']);
  });
});

describe('answerScores', () => {
  it('reads whether a question is answered on its best hit: the hits below it keep most of its score, in rank order', () => {
    const [first, second, third] = answerScores([0.9, 0.2, 0.5], [10, 8, 5]);
    expect(first).toBeCloseTo(0.9);
    expect(second).toBeCloseTo(0.9 * (0.8 + 0.2 * 0.8));
    expect(third).toBeCloseTo(Math.max(0.5, 0.9 * (0.8 + 0.2 * 0.5)));
    expect(second).toBeGreaterThan(third ?? 1);
  });
});

describe('termWeight', () => {
  it("weighs a name more, and a speaker's name (held by many chunks) less, than another word", () => {
    expect(termWeight({ name: false, df: 3 }, 100)).toBe(1);
    expect(termWeight({ name: true, df: 3 }, 100)).toBe(NAME_WEIGHT);
    expect(termWeight({ name: true, df: 40 }, 100)).toBe(SPEAKER_WEIGHT);
    expect(SPEAKER_WEIGHT).toBeLessThan(1);
  });

  it('keeps a name held by a few chunks of a small account a subject, not a speaker', () => {
    expect(termWeight({ name: true, df: 3 }, 17)).toBe(NAME_WEIGHT);
    expect(termWeight({ name: true, df: 2 }, 7)).toBe(NAME_WEIGHT);
    expect(termWeight({ name: true, df: 12 }, 17)).toBe(SPEAKER_WEIGHT);
  });
});
