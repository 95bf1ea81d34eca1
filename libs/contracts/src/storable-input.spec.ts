import { MAX_INPUT_DEPTH, unstorableInputIssues } from './storable-input';

describe('unstorableInputIssues', () => {
  it('names the field that holds NUL or a lone surrogate, in values and in keys', () => {
    const input = {
      events: [{ payload: { text: 'a\u0000b', fine: 'e\u0301 👩‍👩‍👧 \u202e' } }],
      ['k\ud800']: 1,
      tail: 'x\udc00',
    };
    expect(unstorableInputIssues(input, 'body')).toEqual([
      {
        path: 'body.events.0.payload.text',
        reason: 'contains U+0000 (NUL), which cannot be stored',
      },
      {
        path: 'body.k\ud800',
        reason: 'its key contains a lone surrogate (U+D800), which is not valid Unicode',
      },
      {
        path: 'body.tail',
        reason: 'contains a lone surrogate (U+DC00), which is not valid Unicode',
      },
    ]);
  });

  it('passes paired surrogates, combining marks and right-to-left text', () => {
    expect(unstorableInputIssues(['😀', '\ud83d\ude00', 'שלום', 'Z\u0334a'], 'query')).toEqual([]);
  });

  it('refuses nesting past the limit without recursing into it', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    const issues = unstorableInputIssues({ a: deep }, 'body');
    expect(issues).toHaveLength(1);
    expect(issues[0]?.reason).toBe(`nested deeper than ${MAX_INPUT_DEPTH} levels`);
    expect(unstorableInputIssues({ a: [[[['ok']]]] }, 'body')).toEqual([]);
  });
});
