import fc from 'fast-check';
import { unstorableInputIssues } from '@mnemo/contracts';
import { parseTranscriptLine } from './parse-transcript-line';

const line = (value: unknown) => JSON.stringify(value);

describe('parseTranscriptLine', () => {
  it.each([
    ['', 'blank'],
    ['   ', 'blank'],
    ['{"type":"user","message":{"role":"us', 'malformed_json'],
    ['[1,2]', 'not_an_object'],
    ['"user"', 'not_an_object'],
    ['{"foo":1}', 'missing_type'],
    ['{"type":42}', 'missing_type'],
    ['{"type":"user"}', 'invalid_entry'],
    ['{"type":"summary","summary":7}', 'invalid_entry'],
    ['{"type":"file-history-snapshot","snapshot":{}}', 'file_history_snapshot'],
    ['{"type":"progress","data":{"type":"hook_progress"}}', 'progress'],
    ['{"type":"queue-operation","operation":"enqueue"}', 'queue_operation'],
    ['{"type":"attachment","attachment":{"type":"hook_success"}}', 'attachment'],
    ['{"type":"permission-mode","permissionMode":"acceptEdits"}', 'session_metadata'],
    ['{"type":"last-prompt","lastPrompt":"x"}', 'session_metadata'],
    ['{"type":"ai-title","aiTitle":"x"}', 'session_metadata'],
    ['{"type":"hologram","x":1}', 'unknown_type'],
  ])('skips %j as %s', (text, reason) => {
    expect(parseTranscriptLine(text)).toMatchObject({ ok: false, reason });
  });

  it('names the type of an unknown line so it can be counted', () => {
    expect(parseTranscriptLine('{"type":"hologram"}')).toEqual({
      ok: false,
      reason: 'unknown_type',
      type: 'hologram',
    });
  });

  it('reads string content as one text block and keeps the graph fields', () => {
    const parsed = parseTranscriptLine(
      line({
        type: 'user',
        uuid: 'u1',
        parentUuid: null,
        sessionId: 's1',
        cwd: '/repo',
        gitBranch: 'main',
        timestamp: '2026-02-11T20:36:45.618Z',
        message: { role: 'user', content: 'hello' },
      }),
      7,
    );
    expect(parsed).toEqual({
      ok: true,
      entry: expect.objectContaining({
        kind: 'message',
        role: 'user',
        lineIndex: 7,
        uuid: 'u1',
        parentUuid: null,
        sessionId: 's1',
        cwd: '/repo',
        gitBranch: 'main',
        timestamp: '2026-02-11T20:36:45.618Z',
        isSidechain: false,
        blocks: [{ type: 'text', text: 'hello' }],
      }),
    });
  });

  it('reads NUL, escaped or raw, as U+FFFD so the entry is storable, and leaves an escaped backslash before u0000 as text', () => {
    const escaped = line({
      type: 'user',
      message: {
        content: [
          { type: 'text', text: 'a\u0000b' },
          { type: 'tool_use', id: 't\u0000', name: 'Bash', input: { command: 'printf "\u0000"' } },
        ],
      },
    });
    const raw = '{"type":"user","message":{"content":"c\u0000d"}}';
    const literal = line({ type: 'user', message: { content: 'path C:\\u0000x' } });
    expect(escaped).toContain('\\u0000');
    const parsed = [escaped, raw, literal].map((text) => parseTranscriptLine(text));
    expect(parsed.map((p) => p.ok && p.entry.kind === 'message' && p.entry.blocks[0])).toEqual([
      { type: 'text', text: 'a\ufffdb' },
      { type: 'text', text: 'c\ufffdd' },
      { type: 'text', text: 'path C:\\u0000x' },
    ]);
    expect(unstorableInputIssues(parsed, 'lines')).toEqual([]);
  });

  it('normalizes every block type: thinking by size only, images as placeholders, results flattened', () => {
    const parsed = parseTranscriptLine(
      line({
        type: 'user',
        message: {
          content: [
            { type: 'thinking', thinking: 'secret plan', signature: 'x' },
            { type: 'image', source: { type: 'base64', data: 'AAAA' } },
            { type: 'tool_use', id: 't1', name: 'Read', input: { file_path: '/a' } },
            {
              type: 'tool_result',
              tool_use_id: 't1',
              is_error: false,
              content: [
                { type: 'text', text: 'one' },
                { type: 'image' },
                { type: 'tool_reference', tool_name: 'Grep' },
              ],
            },
            { type: 'server_tool_use', id: 'x' },
          ],
        },
      }),
    );
    expect(parsed.ok && parsed.entry.kind === 'message' && parsed.entry.blocks).toEqual([
      { type: 'thinking', chars: 11 },
      { type: 'image' },
      { type: 'tool_use', id: 't1', name: 'Read', input: { file_path: '/a' } },
      {
        type: 'tool_result',
        toolUseId: 't1',
        isError: false,
        content: 'one\n[image]\n[tool_reference Grep]',
      },
      { type: 'other', originalType: 'server_tool_use' },
    ]);
  });

  it('reads a field of the wrong type as absent instead of dropping the line', () => {
    const parsed = parseTranscriptLine(
      line({
        type: 'assistant',
        uuid: 5,
        isSidechain: 'yes',
        timestamp: 'yesterday',
        cwd: ['x'],
        message: { content: [{ type: 'text', text: 'ok' }] },
      }),
    );
    expect(parsed).toMatchObject({
      ok: true,
      entry: {
        kind: 'message',
        role: 'assistant',
        isSidechain: false,
        blocks: [{ type: 'text', text: 'ok' }],
      },
    });
    if (parsed.ok) {
      expect(parsed.entry).not.toHaveProperty('uuid', 5);
      expect(
        parsed.ok && parsed.entry.kind === 'message' && parsed.entry.timestamp,
      ).toBeUndefined();
    }
  });

  it('recognises a compact summary by its flag or by its opening sentence', () => {
    const flagged = parseTranscriptLine(
      line({ type: 'user', isCompactSummary: true, message: { content: 'Summary:' } }),
    );
    const byText = parseTranscriptLine(
      line({
        type: 'user',
        message: {
          content:
            'This session is being continued from a previous conversation that ran out of context. …',
        },
      }),
    );
    expect(flagged).toMatchObject({ ok: true, entry: { isCompactSummary: true } });
    expect(byText).toMatchObject({ ok: true, entry: { isCompactSummary: true } });
  });

  it('keeps system lines, marking compaction boundaries', () => {
    expect(
      parseTranscriptLine(
        line({ type: 'system', subtype: 'compact_boundary', content: 'Conversation compacted' }),
      ),
    ).toMatchObject({
      ok: true,
      entry: { kind: 'system', isCompactBoundary: true, content: 'Conversation compacted' },
    });
  });

  it('keeps old summary (title) lines', () => {
    expect(
      parseTranscriptLine(line({ type: 'summary', summary: 'Ruff fixes', leafUuid: 'l1' })),
    ).toEqual({
      ok: true,
      entry: { kind: 'summary', lineIndex: 0, summary: 'Ruff fixes', leafUuid: 'l1' },
    });
  });

  it('never throws on random text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        expect(() => parseTranscriptLine(text)).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });

  it('never throws on random JSON shaped like a transcript line', () => {
    const block = fc.record(
      {
        type: fc.constantFrom('text', 'thinking', 'tool_use', 'tool_result', 'image', 'x'),
        text: fc.anything(),
        content: fc.anything(),
        input: fc.anything(),
        id: fc.anything(),
      },
      { requiredKeys: [] },
    );
    const lineArb = fc.record(
      {
        type: fc.oneof(
          fc.constantFrom('user', 'assistant', 'system', 'summary', 'progress'),
          fc.anything(),
        ),
        uuid: fc.anything(),
        timestamp: fc.anything(),
        isSidechain: fc.anything(),
        summary: fc.anything(),
        message: fc.oneof(
          fc.anything(),
          fc.record({ content: fc.oneof(fc.string(), fc.array(fc.oneof(block, fc.anything()))) }),
        ),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(lineArb, (value) => {
        expect(() => parseTranscriptLine(JSON.stringify(value) ?? 'null')).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });
});
