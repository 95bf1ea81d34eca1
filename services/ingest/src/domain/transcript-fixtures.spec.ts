import { parseEvent } from '@mnemo/contracts';
import { loadFixture } from '../testing/fixtures';
import { computeSessionOutcome } from './session-outcome';
import { subagentSessionId, transcriptToEvents } from './transcript-to-events';

// Expected numbers were counted by reading the files (line types, blocks, which user lines are
// prompts vs tool results, which assistant lines are thinking-only or whitespace-only).
interface Expected {
  file: string;
  lines: number;
  skipped: Record<string, number>;
  turns: { user?: number; assistant?: number; system?: number };
  toolCalls: number;
  thinking: number;
  firstUserTurn: string;
  filesEdited: string[];
  agentId?: string;
}

const cases: Expected[] = [
  {
    file: 'claude-code/-experiments-worktrees/ef958aa1-0e93-49f0-bb71-150f63befcd1.jsonl',
    lines: 180,
    skipped: { file_history_snapshot: 3, attachment: 49, session_metadata: 15 },
    turns: { user: 4, assistant: 48, system: 1 },
    toolCalls: 40,
    thinking: 14,
    firstUserTurn: "OK, we're going to make a little experiment here.",
    filesEdited: [],
  },
  {
    file: 'claude-code/-experiments-worktrees/ef958aa1-0e93-49f0-bb71-150f63befcd1/subagents/agent-a36efb2a1231c41e2.jsonl',
    lines: 18,
    skipped: {},
    turns: { user: 1, assistant: 10 },
    toolCalls: 7,
    thinking: 0,
    firstUserTurn: 'You are **alice** (round 2).',
    filesEdited: [
      '-experiments/worktrees/.claude/worktrees/agent-a4ca7529/work/research-plan-mode.md',
    ],
    agentId: 'a36efb2a1231c41e2',
  },
  {
    file: 'claude-code/-Users-dain-workspace-danieldemmel-me-next/4379d1bf-ccb1-414e-a856-9791b73f3af2.jsonl',
    lines: 14,
    skipped: {},
    turns: { user: 5, assistant: 5, system: 2 },
    toolCalls: 2,
    thinking: 0,
    firstUserTurn:
      "[image]\n[Image #1] Can you please add margin-bottom to the details element when it's not open?",
    filesEdited: ['/Users/dain/workspace/danieldemmel.me-next/public/tokenizer.css'],
  },
  {
    file: 'claude-code/-Users-dain-workspace-claude-code-log-sample/agent-3be551df.jsonl',
    lines: 2,
    skipped: {},
    turns: { user: 1, assistant: 1 },
    toolCalls: 0,
    thinking: 0,
    firstUserTurn: 'Warmup',
    filesEdited: [],
    agentId: '3be551df',
  },
  {
    file: 'claude-code/-Users-dain-workspace-claude-code-log-sample/326189cf-5676-4237-8cde-1ce80aae4a9f.jsonl',
    lines: 54,
    skipped: {},
    turns: { user: 3, assistant: 20, system: 1 },
    toolCalls: 14,
    thinking: 0,
    firstUserTurn: 'please fix these',
    filesEdited: ['/Users/dain/workspace/claude-code-log/test/test_cache.py'],
  },
  {
    file: 'claude-code/-Users-dain-workspace-JSSoundRecorder/7acd37a8-2745-4b58-a8a9-46164b22ad9e.jsonl',
    lines: 211,
    skipped: { queue_operation: 12 },
    turns: { user: 7, assistant: 84, system: 1 },
    toolCalls: 71,
    thinking: 36,
    firstUserTurn: 'OK, so this was just so you know what there is now',
    filesEdited: [
      '/Users/dain/workspace/JSSoundRecorder/CLAUDE.md',
      '/Users/dain/workspace/JSSoundRecorder/package.json',
      '/Users/dain/workspace/JSSoundRecorder/.gitignore',
      '/Users/dain/workspace/JSSoundRecorder/js/recordLive.js',
      '/Users/dain/workspace/JSSoundRecorder/js/drone.js',
      '/Users/dain/workspace/JSSoundRecorder/app/js/filedropbox.js',
      '/Users/dain/workspace/JSSoundRecorder/app/js/binarytoolkit.js',
      '/Users/dain/workspace/JSSoundRecorder/js/lib/recorder.js',
      '/Users/dain/workspace/JSSoundRecorder/index.html',
      '/Users/dain/workspace/JSSoundRecorder/js/lib/recorder-worklet.js',
      '/Users/dain/workspace/JSSoundRecorder/js/noise-worklet.js',
    ],
  },
  {
    file: 'claude-code/-experiments-ideas/03eb5929-52b3-4b13-ada3-b93ae35806b8.jsonl',
    lines: 61,
    skipped: { file_history_snapshot: 9, progress: 11 },
    turns: { user: 9, assistant: 10, system: 1 },
    toolCalls: 2,
    thinking: 6,
    firstUserTurn: "Ok, so there's isn't much to see here,",
    filesEdited: [],
  },
  {
    file: 'claude-code/-src-experiments-claude_p/29ccd257-68b1-427f-ae5f-6524b7cb6f20/subagents/agent-a2271d1.jsonl',
    lines: 59,
    skipped: {},
    turns: { user: 1, assistant: 34 },
    toolCalls: 24,
    thinking: 0,
    firstUserTurn: 'Give me a comprehensive overview of the code organization',
    filesEdited: [],
    agentId: 'a2271d1',
  },
  {
    file: 'claude-code/-src-experiments-claude_p/29ccd257-68b1-427f-ae5f-6524b7cb6f20.jsonl',
    lines: 6,
    skipped: { progress: 1, queue_operation: 1 },
    turns: { user: 1, assistant: 2 },
    toolCalls: 1,
    thinking: 0,
    firstUserTurn: 'Use the Explore task in sub-agents with Haiku model',
    filesEdited: [],
  },
];

describe('real Claude Code transcripts', () => {
  it.each(cases.map((c) => [c.file.split('/').pop(), c] as const))(
    'reads %s with the expected counts',
    (_name, expected) => {
      const transcript = loadFixture(expected.file);
      expect(transcript.stats.lines).toBe(expected.lines);
      expect(
        Object.fromEntries(Object.entries(transcript.stats.skipped).filter(([, n]) => n > 0)),
      ).toEqual(expected.skipped);
      expect(transcript.stats.thinkingBlocks).toBe(expected.thinking);
      expect(transcript.stats.unpairedToolUses).toBe(0);
      expect(transcript.agentId).toBe(expected.agentId);

      const sessionId = transcript.agentId
        ? subagentSessionId(transcript.sessionId!, transcript.agentId)
        : transcript.sessionId!;
      const events = transcriptToEvents({
        accountId: 'acct-1',
        sessionId,
        producer: 'transcript-ingest',
        observedAt: '2026-06-01T00:00:00.000Z',
        entries: transcript.entries,
        parentSessionId: transcript.agentId ? transcript.sessionId : undefined,
      });
      expect(events.map((e) => parseEvent(e)).filter((r) => !r.ok)).toEqual([]);
      expect(events[0]?.type).toBe('SessionStarted');
      expect(events.at(-1)?.type).toBe('SessionOutcomeRecorded');

      const turns = events.flatMap((e) => (e.type === 'TurnRecorded' ? [e.payload] : []));
      const roles: Record<string, number> = {};
      for (const t of turns) roles[t.role] = (roles[t.role] ?? 0) + 1;
      expect(roles).toEqual(expected.turns);
      expect(turns.map((t) => t.seq)).toEqual(turns.map((_, i) => i));
      expect(turns.reduce((n, t) => n + (t.toolCalls?.length ?? 0), 0)).toBe(expected.toolCalls);
      // Every call found its result, so none was recorded twice or left without output.
      expect(
        turns
          .flatMap((t) => t.toolCalls ?? [])
          .every((c) => c.name !== 'unknown' && c.result !== undefined),
      ).toBe(true);
      expect(new Set(events.map((e) => e.id)).size).toBe(events.length);

      const outcome = computeSessionOutcome(transcript.entries);
      expect(outcome.firstUserTurn.startsWith(expected.firstUserTurn)).toBe(true);
      expect(outcome.filesEdited).toEqual(expected.filesEdited);
      expect(outcome.outcome).toBe('unknown');
    },
  );

  it('names the parent session of a subagent file', () => {
    const transcript = loadFixture(
      'claude-code/-Users-dain-workspace-claude-code-log-sample/agent-3be551df.jsonl',
    );
    expect(transcript.sessionId).toBe('58edcfae-5291-436c-91e4-54fbb188a0ca');
    expect(subagentSessionId(transcript.sessionId!, transcript.agentId!)).toBe(
      '58edcfae-5291-436c-91e4-54fbb188a0ca:agent-3be551df',
    );
  });

  it('collects commits from git output and agent reports, short and full forms counted once', () => {
    const sub = loadFixture(
      'claude-code/-experiments-worktrees/ef958aa1-0e93-49f0-bb71-150f63befcd1/subagents/agent-a36efb2a1231c41e2.jsonl',
    );
    expect(computeSessionOutcome(sub.entries).commitShas).toEqual(['9877e04']);
    const main = loadFixture(
      'claude-code/-experiments-worktrees/ef958aa1-0e93-49f0-bb71-150f63befcd1.jsonl',
    );
    expect(computeSessionOutcome(main.entries).commitShas).toEqual([
      '5ea305f67ff76bfb498a20a174b387c516f23f60',
      'e081dab6ae3d2dd8f015dee59af4079c63df8d46',
      'ad2d13474e6b9250b23a3323ea6997603f2e9ef5',
      '2552732c903a393820bae8cb0d9a0985eb4a3f84',
      '3fd7533c564c3bc3045cb3187178acac10de1147',
      '9877e045709794be3d0377907b64ad8d16ce7a5e',
    ]);
  });

  it('summarises the 1.0.x session: tools with counts, times, cwd, no branch outside a repo', () => {
    const outcome = computeSessionOutcome(
      loadFixture(
        'claude-code/-Users-dain-workspace-claude-code-log-sample/326189cf-5676-4237-8cde-1ce80aae4a9f.jsonl',
      ).entries,
    );
    expect(outcome).toMatchObject({
      toolsCalled: { TodoWrite: 4, Read: 3, MultiEdit: 1, Edit: 3, Bash: 3 },
      filesRead: ['/Users/dain/workspace/claude-code-log/test/test_cache.py'],
      startedAt: '2025-07-13T21:17:00.244Z',
      endedAt: '2025-07-13T21:19:24.776Z',
      cwd: '/Users/dain/workspace/claude-code-log',
    });
    expect(outcome.gitBranch).toBeUndefined();
    expect(
      outcome.lastAssistantTurn.startsWith('Perfect! Both type checking issues have been resolved'),
    ).toBe(true);
  });
});
