import { readTranscript, splitLines } from './transcript';

const use = (id: string) =>
  JSON.stringify({
    type: 'assistant',
    uuid: `a-${id}`,
    message: { content: [{ type: 'tool_use', id, name: 'Bash', input: {} }] },
  });
const res = (id: string, content = 'out') =>
  JSON.stringify({
    type: 'user',
    uuid: `r-${id}`,
    message: { content: [{ type: 'tool_result', tool_use_id: id, content }] },
  });

describe('readTranscript', () => {
  it('pairs each tool_use with the later tool_result of the same id', () => {
    const { entries, stats } = readTranscript([
      use('t1'),
      use('t2'),
      res('t2', 'two'),
      res('t1', 'one'),
    ]);
    const blocks = entries.flatMap((e) => (e.kind === 'message' ? e.blocks : []));
    expect(
      blocks
        .filter((b) => b.type === 'tool_use')
        .map((b) => b.type === 'tool_use' && b.result?.content),
    ).toEqual(['one', 'two']);
    expect(
      blocks
        .filter((b) => b.type === 'tool_result')
        .every((b) => b.type === 'tool_result' && b.paired),
    ).toBe(true);
    expect(stats).toMatchObject({ toolUses: 2, unpairedToolUses: 0 });
  });

  it('never pairs a result with a call that comes after it', () => {
    const { entries, stats } = readTranscript([res('t1'), use('t1')]);
    const [first] = entries;
    expect(first?.kind === 'message' && first.blocks[0]).toMatchObject({
      type: 'tool_result',
      toolUseId: 't1',
    });
    expect(first?.kind === 'message' && first.blocks[0]).not.toHaveProperty('paired', true);
    expect(stats.unpairedToolUses).toBe(1);
  });

  it('caps the number of distinct unknown type names it remembers', () => {
    const lines = Array.from({ length: 120 }, (_, i) => JSON.stringify({ type: `t${i}` }));
    const { stats } = readTranscript(lines);
    expect(stats.skipped.unknown_type).toBe(120);
    expect(Object.keys(stats.unknownTypes).length).toBeLessThanOrEqual(51);
    expect(Object.values(stats.unknownTypes).reduce((a, b) => a + b, 0)).toBe(120);
  });

  it('takes the session id the lines agree on', () => {
    const line = (sessionId: string) =>
      JSON.stringify({ type: 'user', sessionId, message: { content: 'x' } });
    expect(readTranscript([line('a'), line('b'), line('b')]).sessionId).toBe('b');
    expect(readTranscript([]).sessionId).toBeUndefined();
  });
});

describe('splitLines', () => {
  it('does not invent a blank line after the final newline, and accepts CRLF', () => {
    expect(splitLines('a\nb\n')).toEqual(['a', 'b']);
    expect(splitLines('a\r\nb')).toEqual(['a', 'b']);
    expect(splitLines('a\n\nb')).toEqual(['a', '', 'b']);
    expect(splitLines('')).toEqual([]);
  });
});
