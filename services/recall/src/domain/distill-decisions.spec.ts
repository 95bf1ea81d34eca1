import { conventionsIn } from '../reactors/decision-distiller.service';
import { acceptDistilled, distillOffline, topicKey } from './distill-decisions';

describe('distillOffline', () => {
  it('reads chose / rejected / deferred from the phrasing, the phrase the verb governs as the topic', () => {
    const summary =
      'We chose Redis for the cost ledger because row locks in Postgres serialized every reservation. ' +
      'We decided against a queue consumer for the webhook: retries were simpler. ' +
      'Sharding the events stream was deferred until the volume justifies it. ' +
      'The CSS was tidied up.';
    expect(distillOffline(summary).decisions).toEqual([
      {
        topic: 'Redis for the cost ledger',
        stance: 'chose',
        rationale:
          'We chose Redis for the cost ledger because row locks in Postgres serialized every reservation.',
      },
      {
        topic: 'queue consumer for the webhook',
        stance: 'rejected',
        rationale: 'We decided against a queue consumer for the webhook: retries were simpler.',
      },
      {
        topic: 'Sharding the events stream',
        stance: 'deferred',
        rationale: 'Sharding the events stream was deferred until the volume justifies it.',
      },
    ]);
  });

  it('reads a summary’s request and answer apart: a line break ends a sentence', () => {
    expect(
      distillOffline('users want to drag to reorder the stops within a day\n\nReverted.').decisions,
    ).toEqual([]);
  });

  it('keeps no rationale that only says the topic again', () => {
    expect(distillOffline('Reverted both files. We dropped the KV counter.').decisions).toEqual([
      { topic: 'both files', stance: 'rejected', rationale: '' },
      { topic: 'KV counter', stance: 'rejected', rationale: '' },
    ]);
  });

  it('reads a project’s conventions as decisions: "never" rejects, "always" chooses', () => {
    const { decisions } = distillOffline(
      'We chose pnpm over yarn because of workspace speed; never use yarn here. Always run the linter before you push.',
      conventionsIn,
    );
    expect(decisions.map((d) => [d.stance, d.topic])).toEqual([
      ['chose', 'pnpm over yarn'],
      ['rejected', 'use yarn here'],
      ['chose', 'run the linter before you push'],
    ]);
  });

  it('keeps lessons by their phrasing, and each topic once', () => {
    const { decisions, lessons } = distillOffline(
      'We went with pgvector. We went with PGVector. Turns out the Debian build has no vector extension. Next time check the image first.',
    );
    expect(decisions.map((d) => d.topic)).toEqual(['pgvector']);
    expect(lessons).toEqual([
      'Turns out the Debian build has no vector extension.',
      'Next time check the image first.',
    ]);
  });

  it('finds nothing in a summary without decision or lesson phrasing', () => {
    expect(distillOffline('Fixed a typo in the README and ran the tests.')).toEqual({
      decisions: [],
      lessons: [],
    });
  });
});

describe('acceptDistilled', () => {
  it('keeps valid decisions and lessons, drops bad ones', () => {
    expect(
      acceptDistilled({
        decisions: [
          { topic: 'Use Redis', stance: 'chose', rationale: 'fast' },
          { topic: '', stance: 'chose' },
          { topic: 'x', stance: 'maybe' },
          null,
        ],
        lessons: ['Check the image', 3, ''],
      }),
    ).toEqual({
      decisions: [{ topic: 'Use Redis', stance: 'chose', rationale: 'fast' }],
      lessons: ['Check the image'],
    });
    expect(acceptDistilled('nope')).toBeNull();
  });

  it('names a topic by its words, whatever the case and punctuation', () => {
    expect(topicKey('Redis, for the Ledger!')).toBe(topicKey('redis for the ledger'));
  });
});
