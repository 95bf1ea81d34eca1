import fc from 'fast-check';
import { parseEvent } from '@mnemo/contracts';
import { fixtureLines } from '../testing/fixtures';
import { readTranscript } from './transcript';
import { TranscriptEvent, transcriptToEvents } from './transcript-to-events';
import { itemAt } from '@mnemo/testing';

const toEvents = (
  lines: string[],
  extra: Partial<Parameters<typeof transcriptToEvents>[0]> = {},
) => {
  const transcript = readTranscript(lines);
  return transcriptToEvents({
    accountId: 'acct-1',
    sessionId: transcript.sessionId ?? 'unknown-session',
    producer: 'transcript-ingest',
    observedAt: '2026-06-01T00:00:00.000Z',
    entries: transcript.entries,
    ...extra,
  });
};
const turnsOf = (events: TranscriptEvent[]) => events.filter((e) => e.type === 'TurnRecorded');
const outcomeOf = (events: TranscriptEvent[]) => {
  const last = events.at(-1);
  if (last?.type !== 'SessionOutcomeRecorded') throw new Error('no outcome');
  return last.payload;
};
const valid = (events: TranscriptEvent[]) => events.map((e) => parseEvent(e)).filter((r) => !r.ok);

const JSS =
  'claude-code/-Users-dain-workspace-JSSoundRecorder/7acd37a8-2745-4b58-a8a9-46164b22ad9e.jsonl';

describe('transcriptToEvents', () => {
  it('gives the same events when the same file is read twice', () => {
    const lines = fixtureLines(JSS);
    expect(toEvents(lines)).toEqual(toEvents([...lines]));
  });

  it('keeps the ids of old lines when the file grows, and adds only the new turns and a new outcome', () => {
    const lines = fixtureLines(JSS);
    const cut = 98; // a user prompt: no tool call is waiting for its result at this point
    const before = toEvents(lines.slice(0, cut));
    const after = toEvents(lines);
    const afterIds = new Set(after.map((e) => e.id));
    const kept = before.filter((e) => e.type !== 'SessionOutcomeRecorded');
    expect(kept.every((e) => afterIds.has(e.id))).toBe(true);
    expect(after.filter((e) => kept.some((k) => k.id === e.id))).toEqual(kept);
    const beforeIds = new Set(before.map((e) => e.id));
    const added = after.filter((e) => !beforeIds.has(e.id));
    expect(added.at(-1)?.type).toBe('SessionOutcomeRecorded');
    expect(turnsOf(added).map((e) => e.payload.seq)).toEqual(
      turnsOf(after)
        .slice(turnsOf(kept).length)
        .map((e) => e.payload.seq),
    );
    expect(before.at(-1)?.id).not.toBe(after.at(-1)?.id);
  });

  it('records a call still waiting for its result under a pending id, then under its final id with the same seq', () => {
    const lines = fixtureLines(JSS);
    const cut = lines.findIndex(
      (l) => l.includes('toolu_01JmcApJ4a9ZuwnMgneGVuCS') && l.includes('"tool_result"'),
    );
    const before = turnsOf(toEvents(lines.slice(0, cut)));
    const after = turnsOf(toEvents(lines));
    const waiting = before.find((e) =>
      e.payload.toolCalls?.some((c) => c.id === 'toolu_01JmcApJ4a9ZuwnMgneGVuCS'),
    );
    const done = after.find((e) =>
      e.payload.toolCalls?.some((c) => c.id === 'toolu_01JmcApJ4a9ZuwnMgneGVuCS'),
    );
    expect(waiting?.payload.toolCalls?.[0]?.result).toBeUndefined();
    expect(done?.payload.toolCalls?.[0]?.result).toContain('JSSoundRecorder/app/js');
    expect(done?.payload.seq).toBe(waiting?.payload.seq);
    expect(done?.id).not.toBe(waiting?.id);
  });

  it('stays the same whatever the account or session, only the ids change', () => {
    const lines = fixtureLines('synthetic/compaction.jsonl');
    const a = toEvents(lines, { accountId: 'acct-a' });
    const b = toEvents(lines, { accountId: 'acct-b' });
    expect(a.map((e) => e.payload)).toEqual(b.map((e) => e.payload));
    expect(a.some((e, i) => e.id === b[i]?.id)).toBe(false);
  });

  it('skips and counts malformed lines without losing the good ones around them', () => {
    const lines = fixtureLines('synthetic/malformed-lines.jsonl');
    const transcript = readTranscript(lines);
    expect(transcript.stats.lines).toBe(15);
    expect(
      Object.fromEntries(Object.entries(transcript.stats.skipped).filter(([, n]) => n > 0)),
    ).toEqual({
      malformed_json: 2,
      blank: 1,
      not_an_object: 1,
      missing_type: 1,
      unknown_type: 2,
      invalid_entry: 1,
      file_history_snapshot: 1,
    });
    expect(transcript.stats.unknownTypes).toEqual({ 'brand-new-line-type': 2 });
    const events = toEvents(lines);
    expect(valid(events)).toEqual([]);
    expect(
      turnsOf(events).map((e) => [
        e.payload.role,
        e.payload.text,
        e.payload.toolCalls?.map((c) => [c.name, c.isError]),
      ]),
    ).toEqual([
      ['user', 'Add a health check endpoint to the API', undefined],
      ['assistant', '', [['Bash', true]]],
      ['assistant', 'The tests fail because the route is not registered.', undefined],
      ['assistant', '', [['Edit', undefined]]],
    ]);
    // The failed Bash call is kept with its error; the Edit never got an answer, so it edited nothing we know of.
    expect(outcomeOf(events).filesEdited).toEqual(['/home/dev/shop/src/app.ts']);
  });

  it('emits no events for a transcript without messages', () => {
    expect(
      toEvents(['{"type":"summary","summary":"t"}', '{"type":"file-history-snapshot"}', 'garbage']),
    ).toEqual([]);
  });

  it('marks compact summaries and injected text as system turns, keeps the user turns raw', () => {
    const events = toEvents(fixtureLines('synthetic/compaction.jsonl'));
    const turns = turnsOf(events).map((e) => e.payload);
    expect(turns.filter((t) => t.isCompactSummary).map((t) => t.role)).toEqual(['system']);
    expect(turns.filter((t) => t.role === 'system')).toHaveLength(2);
    expect(turns[0]?.text).toContain('<command-name>/clear</command-name>');
    expect(events[0]).toMatchObject({
      type: 'SessionStarted',
      payload: { source: 'claude-code', cwd: '/home/dev/shop', gitBranch: 'main' },
    });
    expect(outcomeOf(events)).toMatchObject({
      firstUserTurn: 'Fix the rounding bug in the cart total',
      lastAssistantTurn: 'Fixed: cart totals are now rounded to cents and committed as 3f9a2b1.',
      filesRead: ['/home/dev/shop/src/cart.ts'],
      filesEdited: ['/home/dev/shop/src/cart.ts'],
      toolsCalled: { Read: 1, Write: 1, NotebookEdit: 1, Bash: 1 },
      commitShas: ['3f9a2b1'],
    });
  });

  it('truncates huge tool inputs and results but keeps the turn', () => {
    const events = toEvents(fixtureLines('synthetic/huge-tool-result.jsonl'));
    expect(valid(events)).toEqual([]);
    const call = itemAt(
      turnsOf(events).flatMap((e) => e.payload.toolCalls ?? []),
      0,
    );
    expect(call.result!.length).toBeLessThanOrEqual(20_000);
    expect(call.result).toMatch(/^line 0: x+/);
    expect(call.result).toMatch(/…\[truncated \d+ of \d+ chars\]$/);
    expect(call.input!.length).toBeLessThanOrEqual(20_000);
    const small = toEvents(fixtureLines('synthetic/huge-tool-result.jsonl'), {
      limits: { toolResultChars: 500 },
    });
    expect(
      turnsOf(small).flatMap((e) => e.payload.toolCalls ?? [])[0]?.result!.length,
    ).toBeLessThanOrEqual(500);
  });

  it('carries secrets in tool output through unchanged (redaction is downstream) but never into the outcome', () => {
    const events = toEvents(fixtureLines('synthetic/secrets-in-tool-output.jsonl'));
    const result = turnsOf(events).flatMap((e) => e.payload.toolCalls ?? [])[0]?.result;
    expect(result).toContain('AKIAIOSFODNN7EXAMPLE');
    const outcome = JSON.stringify(outcomeOf(events));
    for (const secret of ['AKIAIOSFODNN7EXAMPLE', 'sk_live_', 'hunter2'])
      expect(outcome).not.toContain(secret);
  });

  it('changes the outcome id when the outcome changes, not otherwise', () => {
    const lines = fixtureLines('synthetic/compaction.jsonl');
    const git = { isOnMainBranch: () => true, isReverted: () => false };
    const unknown = toEvents(lines).at(-1)!;
    const merged = toEvents(lines, { outcome: { git, now: '2026-06-01T00:00:00Z' } }).at(-1)!;
    expect(merged.payload).toMatchObject({ outcome: 'merged' });
    expect(merged.id).not.toBe(unknown.id);
    expect(toEvents(lines).at(-1)!.id).toBe(unknown.id);
  });

  it('refuses a session id that cannot name a NATS subject', () => {
    expect(() =>
      toEvents(fixtureLines('synthetic/compaction.jsonl'), { sessionId: 'a.b c' }),
    ).toThrow(/cannot name a session/);
  });

  it('produces valid, uniquely identified events for any mix of good and garbage lines', () => {
    const good = fixtureLines('synthetic/compaction.jsonl');
    const lineArb = fc.oneof(
      fc.constantFrom(...good),
      fc.string({ maxLength: 80 }),
      fc.json({ maxDepth: 3 }),
    );
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 40 }), (lines) => {
        const events = toEvents(lines, { sessionId: 'prop-session' });
        expect(valid(events)).toEqual([]);
        expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
      }),
      { numRuns: 150 },
    );
  });
});
