import { invalidMcpParams } from './mcp-request-check';

describe('invalidMcpParams', () => {
  it('answers -32602 naming the field for a tools/call whose arguments are not an object', () => {
    expect(
      invalidMcpParams({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'search_memories', arguments: '' },
      }),
    ).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: {
        code: -32602,
        message: expect.stringMatching(/^Invalid params for tools\/call: params\.arguments: /),
      },
    });
  });

  it('leaves well-formed requests, unknown methods and notifications to the SDK', () => {
    expect(
      invalidMcpParams({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'x', arguments: { q: 1 } },
      }),
    ).toBeNull();
    expect(
      invalidMcpParams({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }),
    ).toBeNull();
    expect(
      invalidMcpParams({ jsonrpc: '2.0', id: 3, method: 'vendor/thing', params: 'anything' }),
    ).toBeNull();
    expect(invalidMcpParams([{ jsonrpc: '2.0', method: 'notifications/initialized' }])).toBeNull();
  });
});
