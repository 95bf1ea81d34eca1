import { redactDeep } from './redact-deep';

const ghp = `ghp_${'Ab1'.repeat(12)}`;

describe('redactDeep', () => {
  it('redacts strings at any depth and counts the findings', () => {
    const payload = {
      turn: { text: `use ${ghp}`, tools: [{ output: `GITHUB=${ghp}` }, 3, null, true] },
    };

    const { value, count } = redactDeep(payload);

    expect(value).toEqual({
      turn: {
        text: 'use [REDACTED:github_token]',
        tools: [{ output: 'GITHUB=[REDACTED:github_token]' }, 3, null, true],
      },
    });
    expect(count).toBe(2);
  });

  it('replaces a whole string under a key that names a secret, keeping the key', () => {
    const { value, count } = redactDeep({
      password: 'plain words',
      apiKey: 'x',
      token: '',
      max_tokens: 'many',
    });

    expect(value).toEqual({
      password: '[REDACTED:secret]',
      apiKey: '[REDACTED:secret]',
      token: '',
      max_tokens: 'many',
    });
    expect(count).toBe(2);
  });

  it('keeps object keys even when they look like secrets', () => {
    const { value } = redactDeep({ [ghp]: 'ok' });

    expect(Object.keys(value)).toEqual([ghp]);
  });

  it('does not mutate its input and is idempotent', () => {
    const input = { a: [`Bearer ${'Zz9'.repeat(8)}`], secret: 'hunter2' };
    const snapshot = structuredClone(input);

    const once = redactDeep(input);
    const twice = redactDeep(once.value);

    expect(input).toEqual(snapshot);
    expect(twice.value).toEqual(once.value);
    expect(twice.count).toBe(0);
  });

  it('passes scalars through and redacts a bare string', () => {
    expect(redactDeep(42)).toEqual({ value: 42, count: 0 });
    expect(redactDeep(`k ${ghp}`)).toEqual({ value: 'k [REDACTED:github_token]', count: 1 });
  });

  it('survives a cyclic log object', () => {
    const log: Record<string, unknown> = { msg: `token ${ghp}` };
    log.self = log;

    const { value } = redactDeep(log);

    expect(value).toEqual({ msg: 'token [REDACTED:github_token]', self: '[Circular]' });
  });
});
