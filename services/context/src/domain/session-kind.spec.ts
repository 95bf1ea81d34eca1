import { assembleClaudeMd } from './assemble-claude-md';
import { claudeMdSources } from './context-sources.fixture';
import { contextModeFor, DEFAULT_CONTEXT_BUDGETS } from './context-sources';
import {
  MEMORY_USAGE_INSTRUCTIONS,
  PREAMBLE_FIRST_CONVERSATION,
} from './memory-usage-instructions';
import { sessionKindOf } from './session-kind';

/** Sentences of the coaching template that must never reach a coding agent (docs/context.md). */
const COACHING_SENTENCES = [
  '# Using What You Know About This Person',
  'This is a first conversation',
  'thoughtful companion',
];

describe('sessionKindOf', () => {
  it.each([
    'claude-code',
    'claude_code',
    'Claude Code',
    'claude-code:resume',
    'cursor',
    'cursor-agent',
    'openai/codex',
    'aider',
    'github-copilot-chat',
    'gemini-cli',
    'coding-agent:acme',
  ])('calls a session from %s a coding session', (source) => {
    expect(sessionKindOf({ source })).toBe('coding');
  });

  it.each([
    'ai-coaching:values-interview',
    'coach-app',
    'health-coach',
    '',
    'encoder-test',
    'cli',
    'my-cli',
  ])('calls a session from %s without a git project a coaching session', (source) => {
    expect(sessionKindOf({ source })).toBe('coaching');
  });

  it('calls a CLI session in a git project a coding session', () => {
    expect(sessionKindOf({ source: 'my-cli', project: 'acme/api' })).toBe('coding');
    expect(sessionKindOf({ source: 'terminal', gitBranch: 'main' })).toBe('coding');
  });

  it('keeps an ai-coaching interview coaching even when it names a coding word', () => {
    expect(sessionKindOf({ source: 'ai-coaching:claude-code-habits', project: 'x' })).toBe(
      'coaching',
    );
  });

  it('maps coding to the coding mode and coaching to its two modes', () => {
    expect(contextModeFor({ source: 'claude-code' })).toBe('coding');
    expect(contextModeFor({ source: 'ai-coaching:values' })).toBe('interview');
    expect(contextModeFor({ source: 'coach-app' })).toBe('free-form');
  });
});

describe('CLAUDE.md by kind of session', () => {
  const build = (source: string) => {
    const sources = claudeMdSources({ session: { id: 's1', source, resuming: false } });
    return assembleClaudeMd(sources, DEFAULT_CONTEXT_BUDGETS, contextModeFor(sources.session))
      .markdown;
  };

  it('gives a Claude Code session a developer digest and nothing of the coaching template', () => {
    const markdown = build('claude-code');
    for (const sentence of COACHING_SENTENCES) expect(markdown).not.toContain(sentence);
    expect(markdown).toContain("# Mnemo · developer's digest");
    expect(markdown).toContain(
      '✅ Decided to block Friday mornings for deep work. (2026-09-05, memory m4)',
    );
    expect(markdown).toContain('- Prefers walking meetings to video calls. (memory m3)');
  });

  it('keeps the coaching template for a coaching session', () => {
    const markdown = build('coach-app');
    expect(markdown.startsWith(MEMORY_USAGE_INSTRUCTIONS)).toBe(true);
    expect(markdown).not.toContain("developer's digest");
  });

  it('never tells a coding agent it is a first conversation', () => {
    const sources = claudeMdSources({
      session: { id: 's1', source: 'claude-code', resuming: false },
      artifacts: [],
      pinnedArtifacts: [],
    });
    const markdown = assembleClaudeMd(sources, DEFAULT_CONTEXT_BUDGETS, 'coding').markdown;
    expect(markdown).not.toContain(PREAMBLE_FIRST_CONVERSATION.slice(0, 30));
  });
});
