import { extractionPerson, isCodingSession } from './extraction-person';

describe('who the extraction prompt names as the person', () => {
  it.each([
    [
      'the name and role the producer sent',
      {
        source: 'ai-coaching:interview',
        personName: 'Dana',
        personRole: 'a health coaching client',
      },
      { name: 'Dana', role: 'a health coaching client' },
    ],
    [
      "a coaching session's client, when the producer sent only a name",
      { source: 'ai-coaching:free', personName: 'Dana' },
      { name: 'Dana', role: 'a coaching client' },
    ],
    [
      'the developer who ran a coding session',
      { source: 'claude-code', developer: 'ana' },
      { name: 'ana', role: 'a developer' },
    ],
    [
      'a coaching client with no name',
      { source: 'ai-coaching:interview' },
      { role: 'a coaching client' },
    ],
  ])('takes %s', (_what, session, expected) => {
    expect(extractionPerson(session)).toEqual(expected);
  });

  it('names nobody when the session said nothing about who speaks, or has not started', () => {
    expect(extractionPerson({ source: 'my-app' })).toBeUndefined();
    expect(extractionPerson(undefined)).toBeUndefined();
  });
});

describe('isCodingSession', () => {
  it('is a session a coding agent or a developer ran, never a coaching one', () => {
    expect(isCodingSession({ source: 'claude-code' })).toBe(true);
    expect(isCodingSession({ source: 'codex:cli' })).toBe(true);
    expect(isCodingSession({ source: 'my-tool', developer: 'dana' })).toBe(true);
    expect(isCodingSession({ source: 'ai-coaching:interview', developer: 'dana' })).toBe(false);
    expect(isCodingSession({ source: 'health-coach' })).toBe(false);
    expect(isCodingSession({ source: 'clinic' })).toBe(false);
    expect(isCodingSession(undefined)).toBe(false);
  });
});
