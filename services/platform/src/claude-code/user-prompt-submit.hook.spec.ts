import type { MnemoClient, RecallAnswer, RecallHit, RecallRequest } from '@mnemo/mnemo-client';
import { userPromptSubmitHook } from './user-prompt-submit.hook';

const hit = (sessionId: string): RecallHit => ({
  chunkId: `${sessionId}:1`,
  sessionId,
  turnSeqs: [1],
  occurredAt: '2026-11-30T09:00:00Z',
  snippet: `[2026-11-30] what was decided in ${sessionId} about the **refund** test`,
  text: `what was decided in ${sessionId} about the refund test`,
  highlights: [[38 + sessionId.length, 44 + sessionId.length]],
  score: 0.9,
});

/** Mnemo's API as the hook sees it: each recall answers when the test says, so the order of asking shows. */
function fakeMnemo(hitsFor: (request: RecallRequest) => RecallHit[]) {
  const asked: RecallRequest[] = [];
  const pending: Array<() => void> = [];
  const client = {
    recall: (request: RecallRequest) =>
      new Promise<RecallAnswer>((resolve) => {
        asked.push(request);
        pending.push(() => resolve({ hits: hitsFor(request) }));
      }),
  } as unknown as MnemoClient;
  const answerAll = () => pending.splice(0).forEach((answer) => answer());
  return { client, asked, answerAll };
}

const input = { session_id: 's-new', cwd: '/repo', prompt: 'Why does the refund test fail?' };
const contextOf = (output: Awaited<ReturnType<typeof userPromptSubmitHook>>) =>
  output?.hookSpecificOutput.additionalContext ?? '';
const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('the prompt hook recalls in this repository first, then anywhere', () => {
  it('asks both searches at once, so a prompt with few hits here waits for one round trip, not two', async () => {
    const mnemo = fakeMnemo((request) =>
      request.project ? [hit('s-here')] : [hit('s-here'), hit('s-elsewhere')],
    );
    const answer = userPromptSubmitHook(
      input,
      mnemo.client,
      Promise.resolve('Prefers pnpm.'),
      Promise.resolve('/repo'),
    );
    await flush();
    expect(mnemo.asked.map((r) => r.project ?? 'anywhere').sort()).toEqual(['/repo', 'anywhere']);
    mnemo.answerAll();
    const text = contextOf(await answer);
    // the repository's hit first, the other one after it, each once
    expect(text.indexOf('(s:s-here)')).toBeGreaterThan(-1);
    expect(text.indexOf('(s:s-here)')).toBeLessThan(text.indexOf('(s:s-elsewh)'));
    expect(text.split('(s:s-here)')).toHaveLength(2);
  });

  it('answers with the repository’s hits alone when they are enough', async () => {
    const mnemo = fakeMnemo((request) =>
      request.project ? [hit('a'), hit('b'), hit('c')] : [hit('elsewhere')],
    );
    const answer = userPromptSubmitHook(
      input,
      mnemo.client,
      Promise.resolve('Prefers pnpm.'),
      Promise.resolve('/repo'),
    );
    await flush();
    mnemo.answerAll();
    const text = contextOf(await answer);
    expect(text).toContain('(s:c)');
    expect(text).not.toContain('(s:elsewher)');
  });

  it('never recalls this session’s own turns: both searches name the asking session', async () => {
    const mnemo = fakeMnemo(() => []);
    const answer = userPromptSubmitHook(
      input,
      mnemo.client,
      Promise.resolve(''),
      Promise.resolve('/repo'),
    );
    await flush();
    mnemo.answerAll();
    await answer;
    expect(mnemo.asked.map((r) => r.askingSessionId)).toEqual(['s-new', 's-new']);
  });

  it('shows recall’s plain text, not its reader’s form', async () => {
    const mnemo = fakeMnemo((request) => (request.project ? [hit('s-here')] : []));
    const answer = userPromptSubmitHook(
      input,
      mnemo.client,
      Promise.resolve(''),
      Promise.resolve('/repo'),
    );
    await flush();
    mnemo.answerAll();
    expect(contextOf(await answer)).toContain(
      '- 2026-11-30: what was decided in s-here about the refund test (s:s-here)',
    );
  });

  it('injects nothing when no hit names enough of the prompt, and no decision or remembered line answers it', async () => {
    const unrelated = { ...hit('s-other'), text: 'Looking at how the sidebar is built' };
    const mnemo = fakeMnemo(() => [unrelated]);
    const answer = userPromptSubmitHook(
      input,
      mnemo.client,
      Promise.resolve('WHAT YOU KNOW\nFacts:\n- Runs marathons on Sundays'),
      Promise.resolve('/repo'),
    );
    await flush();
    mnemo.answerAll();
    expect(await answer).toBeNull();
  });
});
