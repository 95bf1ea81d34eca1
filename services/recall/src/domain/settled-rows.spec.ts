import { settledRows } from './settled-rows';

const turn = (seq: number, role: string, text: string) => ({
  seq,
  role,
  text,
  occurredAt: `2026-11-01T09:${String(seq).padStart(2, '0')}:00.000Z`,
});

describe('settledRows', () => {
  it('keeps decisions, conventions and ways of working, each traced to its turn', () => {
    const rows = settledRows(
      's1',
      [
        turn(1, 'user', 'We chose pnpm over yarn because workspaces install faster.'),
        turn(2, 'assistant', 'Done, the lockfile is pnpm-lock.yaml now.'),
        turn(3, 'user', 'Never use yarn in this repo.'),
        turn(4, 'user', 'I prefer small commits, one concern each.'),
      ],
      1,
    );
    expect(rows.map((r) => [r.decisionId, r.turnSeq, r.stance])).toEqual([
      ['s1#1', 1, 'chose'],
      ['s1#3', 3, 'convention'],
      ['s1#4', 4, 'preference'],
    ]);
    expect(rows[2]).toEqual(
      expect.objectContaining({
        topic: 'I prefer small commits, one concern each.',
        rationale: '',
        occurredAt: '2026-11-01T09:04:00.000Z',
      }),
    );
  });

  it('reads a yes with the turn before it, and keeps only the rows from the first changed turn on', () => {
    const turns = [
      turn(
        7,
        'assistant',
        "I'd go with Flyway for the migrations. It runs in CI without a JVM plugin.",
      ),
      turn(8, 'user', 'ok go with that'),
    ];
    expect(settledRows('s1', turns, 8)).toEqual([
      expect.objectContaining({
        decisionId: 's1#8',
        topic: "I'd go with Flyway for the migrations.",
        rationale: 'It runs in CI without a JVM plugin.',
      }),
    ]);
    expect(settledRows('s1', turns, 9)).toEqual([]);
  });

  it('drops a rationale that only says the topic again', () => {
    const [row] = settledRows(
      's1',
      [
        turn(1, 'assistant', "Let's keep the cache in Redis. Keep the cache in Redis!"),
        turn(2, 'user', 'yes, keep the cache in Redis'),
      ],
      0,
    );
    expect(row).toEqual(
      expect.objectContaining({ topic: "Let's keep the cache in Redis.", rationale: '' }),
    );
  });
});
