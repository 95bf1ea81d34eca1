import { settleCall } from './settle-call';

describe('settleCall', () => {
  it('answers what the call answers', async () => {
    const answer = { ok: true as const, text: 'fine' };
    await expect(settleCall(Promise.resolve(answer))).resolves.toBe(answer);
  });

  it('answers a thrown error as an api_error failure with its message, and tells onThrow', async () => {
    const thrown: unknown[] = [];
    const error = new Error('socket hang up');
    await expect(settleCall(Promise.reject(error), (e) => thrown.push(e))).resolves.toEqual({
      ok: false,
      failure: 'api_error',
      message: 'socket hang up',
    });
    expect(thrown).toEqual([error]);
  });

  it('answers a thrown non-error as an api_error failure with its text', async () => {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a non-error is the case under test
    await expect(settleCall(Promise.reject('gone'))).resolves.toEqual({
      ok: false,
      failure: 'api_error',
      message: 'gone',
    });
  });
});
