import { rememberFromMessage } from './remember';
import {
  decideManualCreate,
  decideMemoryDelete,
  decideMemoryEdit,
  decideRestatement,
  rememberWrite,
  type MemoryRecord,
} from './memory-decisions';

const memory: MemoryRecord = {
  id: 'f1',
  factType: 'goal',
  content: 'I want to run a marathon.',
  confidence: 'medium',
  version: 3,
  status: 'active',
};

describe('decideManualCreate', () => {
  it('saves a manual memory with high confidence under session manual, typed by the active tab', () => {
    expect(
      decideManualCreate('f9', { content: 'Likes tea.', category: 'Preferences' }).payload,
    ).toEqual({
      factId: 'f9',
      factType: 'preference',
      content: 'Likes tea.',
      confidence: 'high',
      source: 'manual',
      sourceSession: 'manual',
    });
    expect(decideManualCreate('f9', { content: 'Moved to Lyon.' }).payload.factType).toBe('fact');
    expect(
      decideManualCreate('f9', { content: 'x', factType: 'value', category: 'Goals' }).payload
        .factType,
    ).toBe('value');
  });
});

describe('decideMemoryEdit', () => {
  it('edits the wording, names the next version and says the person made the edit', () => {
    expect(
      decideMemoryEdit(memory, { version: 3, content: 'I want to run a half marathon.' }),
    ).toEqual({
      ok: true,
      event: {
        type: 'MemoryFactEdited',
        payload: {
          factId: 'f1',
          content: 'I want to run a half marathon.',
          version: 4,
          editedByPerson: true,
        },
      },
    });
  });
  it('refuses an edit made against an older version and tells the current one', () => {
    expect(decideMemoryEdit(memory, { version: 2, content: 'other' })).toEqual({
      ok: false,
      reason: 'stale',
      currentVersion: 3,
    });
  });
  it('appends nothing when nothing changes', () => {
    expect(
      decideMemoryEdit(memory, { version: 3, content: memory.content, confidence: 'medium' }),
    ).toEqual({ ok: true, event: null });
  });
  it('does not find a deleted memory', () => {
    expect(
      decideMemoryEdit({ ...memory, status: 'deleted' }, { version: 3, content: 'x' }),
    ).toEqual({ ok: false, reason: 'not_found' });
    expect(decideMemoryEdit(undefined, { version: 1, content: 'x' })).toEqual({
      ok: false,
      reason: 'not_found',
    });
  });
});

describe('decideMemoryDelete', () => {
  it('deletes once, and only the version the client saw when it names one', () => {
    expect(decideMemoryDelete(memory)).toEqual({
      ok: true,
      event: { type: 'MemoryFactDeleted', payload: { factId: 'f1' } },
    });
    expect(decideMemoryDelete(memory, 2)).toEqual({
      ok: false,
      reason: 'stale',
      currentVersion: 3,
    });
    expect(decideMemoryDelete({ ...memory, status: 'deleted' })).toEqual({
      ok: false,
      reason: 'not_found',
    });
  });
});

describe('rememberWrite', () => {
  const remember = (text: string) => {
    const result = rememberFromMessage({
      message: { role: 'user', text, accountId: 'a', seq: 4 },
      requesterAccountId: 'a',
      sessionId: 's1',
      answerAlreadySaved: false,
    });
    if (!result.ok) throw new Error(result.reason);
    return rememberWrite(result, { factId: 'f', proposalId: 'p' }, 4);
  };
  it('saves an ordinary message at once, with the turn it came from', () => {
    const write = remember('I prefer working early in the morning.');
    expect(write).toMatchObject({
      kind: 'saved',
      event: {
        type: 'MemoryFactCreated',
        payload: { factType: 'preference', sourceSession: 's1', sourceMessageSeq: 4 },
      },
    });
  });
  it('only proposes a message that names a medication', () => {
    const write = remember('I take 50mg of sertraline every morning.');
    expect(write).toMatchObject({
      kind: 'proposed',
      event: { type: 'MemoryFactProposed', payload: { proposalId: 'p', factId: 'f' } },
    });
  });
});

describe('decideRestatement', () => {
  const kept = {
    ...memory,
    factType: 'preference' as const,
    content: 'Prefers pnpm.',
    source: 'agent',
    editedByPerson: false,
  };

  it('gives the kept memory the newer wording, as nobody’s edit', () => {
    expect(
      decideRestatement(kept, {
        content: 'Prefers pnpm over npm.',
        factType: 'fact',
        typeNamed: false,
      }),
    ).toEqual({
      type: 'MemoryFactEdited',
      payload: {
        factId: 'f1',
        content: 'Prefers pnpm over npm.',
        version: 4,
        editedByPerson: false,
      },
    });
  });

  it('changes the type only when the caller named one, and nothing when nothing changes', () => {
    expect(
      decideRestatement(kept, { content: 'Prefers pnpm.', factType: 'event', typeNamed: false }),
    ).toBeNull();
    expect(
      decideRestatement(kept, { content: 'Prefers pnpm.', factType: 'decision', typeNamed: true })
        ?.payload,
    ).toEqual({ factId: 'f1', factType: 'decision', version: 4, editedByPerson: false });
  });

  it('leaves what the person wrote or edited as they have it', () => {
    const again = {
      content: 'Prefers pnpm over npm.',
      factType: 'preference' as const,
      typeNamed: false,
    };
    expect(decideRestatement({ ...kept, source: 'manual' }, again)).toBeNull();
    expect(decideRestatement({ ...kept, editedByPerson: true }, again)).toBeNull();
  });
});
