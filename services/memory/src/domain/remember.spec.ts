import {
  factTypeOfNote,
  guessFactType,
  rememberFromMessage,
  type RememberRequest,
} from './remember';

const req = (
  over: Partial<RememberRequest> = {},
  message: Partial<RememberRequest['message']> = {},
): RememberRequest => ({
  message: {
    role: 'user',
    text: 'I prefer short morning sessions.',
    accountId: 'acc-1',
    seq: 7,
    ...message,
  },
  requesterAccountId: 'acc-1',
  sessionId: 'sess-1',
  currentTurnSeq: 7,
  answerAlreadySaved: false,
  ...over,
});

describe('rememberFromMessage', () => {
  it('saves the person’s current message as a high-confidence coach fact, written about them', () => {
    expect(rememberFromMessage(req())).toEqual({
      ok: true,
      fact: {
        factType: 'preference',
        content: 'Prefers short morning sessions.',
        confidence: 'high',
        source: 'coach',
        sourceSession: 'sess-1',
      },
      sensitivity: { sensitive: false },
    });
  });

  it('refuses a message of another account', () => {
    expect(rememberFromMessage(req({}, { accountId: 'acc-2' }))).toEqual({
      ok: false,
      reason: 'other_account',
    });
  });

  it('refuses the assistant’s own words', () => {
    expect(rememberFromMessage(req({}, { role: 'assistant' }))).toEqual({
      ok: false,
      reason: 'not_user_message',
    });
  });

  it('refuses an earlier message than the current turn', () => {
    expect(rememberFromMessage(req({}, { seq: 5 }))).toEqual({
      ok: false,
      reason: 'not_current_turn',
    });
  });

  it('saves one fact per answer', () => {
    expect(rememberFromMessage(req({ answerAlreadySaved: true }))).toEqual({
      ok: false,
      reason: 'already_saved',
    });
  });

  it('refuses an empty or an oversized message', () => {
    expect(rememberFromMessage(req({}, { text: '   ' }))).toEqual({
      ok: false,
      reason: 'empty_message',
    });
    expect(rememberFromMessage(req({}, { text: 'word '.repeat(100) }))).toEqual({
      ok: false,
      reason: 'too_long',
    });
  });

  it('marks a medication message for a proposal', () => {
    const result = rememberFromMessage(req({}, { text: 'I take sertraline every morning.' }));
    expect(result).toMatchObject({
      ok: true,
      sensitivity: { sensitive: true, kind: 'medication' },
    });
  });
});

describe('rememberFromMessage with the coach’s own wording (remember_fact)', () => {
  const stated = (content: string, text: string, category?: string) =>
    rememberFromMessage(req({ stated: { content, ...(category ? { category } : {}) } }, { text }));

  it('keeps the coach’s wording of what the person said, typed by its verb, as the agent’s', () => {
    expect(stated('Prefers short morning sessions', 'I prefer short morning sessions.')).toEqual({
      ok: true,
      fact: {
        factType: 'preference',
        content: 'Prefers short morning sessions',
        confidence: 'high',
        source: 'agent',
        sourceSession: 'sess-1',
      },
      sensitivity: { sensitive: false },
    });
  });

  it('refuses a fact the current message does not say', () => {
    expect(stated('Has a dog called Biscuit', 'I prefer short morning sessions.')).toEqual({
      ok: false,
      reason: 'not_in_message',
    });
  });

  it('proposes a medication, by wording or by the category the coach gave', () => {
    expect(
      stated('knee injury, ibuprofen 400mg', 'I hurt my knee and take ibuprofen 400mg.'),
    ).toMatchObject({ ok: true, sensitivity: { sensitive: true, kind: 'medication' } });
    expect(
      stated('Takes a small pill each evening', 'I take a small pill each evening.', 'medication'),
    ).toMatchObject({ ok: true, sensitivity: { sensitive: true, kind: 'medication' } });
  });

  it('is still one per answer', () => {
    expect(
      rememberFromMessage(
        req({ answerAlreadySaved: true, stated: { content: 'Prefers short morning sessions' } }),
      ),
    ).toEqual({ ok: false, reason: 'already_saved' });
  });
});

describe('guessFactType', () => {
  it.each([
    ['My sister lives in Porto.', 'relationship'],
    ['I decided to leave the agency.', 'decision'],
    ['I want to write a novel by next year.', 'goal'],
    ['I’d rather text than call.', 'preference'],
    ['Honesty matters to me more than comfort.', 'value'],
    ['I realized I avoid conflict at work.', 'insight'],
    ['Moved to Lisbon in 2024.', 'event'],
    ['Prefers running in the early morning.', 'preference'],
    ['Wants to finish a half marathon in May.', 'goal'],
  ] as const)('reads "%s" as %s', (text, type) => {
    expect(guessFactType(text)).toBe(type);
  });
});

describe('factTypeOfNote (remember_fact with no category)', () => {
  it.each([
    ['prefers pnpm over npm', 'preference'],
    ['The user prefers tabs over spaces.', 'preference'],
    ['Dislikes default exports', 'preference'],
    ['Likes oat milk in coffee', 'preference'],
    ['Wants to run a marathon in May', 'goal'],
    ['Decided to use Redis for caching', 'decision'],
    ['Never use yarn in this repo', 'decision'],
    ['We chose pnpm over yarn because of workspace speed', 'decision'],
    ['Always runs the linter before pushing', 'decision'],
    ['Has a sister, Anna', 'relationship'],
    ['Values honesty above all', 'value'],
    ['Started a new job at Acme last week', 'event'],
    ['Is a backend engineer', 'fact'],
  ] as const)('reads "%s" as %s', (text, type) => {
    expect(factTypeOfNote(text)).toBe(type);
  });
});
