import { NoResponderError } from '../event-log.port';
import { RpcHub } from './rpc-hub';

describe('RpcHub', () => {
  it('routes a subject to the responders there are now: one that came after a request, none after it stopped', async () => {
    const hub = new RpcHub();
    await expect(hub.request('mnemo.rpc.context.claude-md', {}, 1000)).rejects.toBeInstanceOf(
      NoResponderError,
    );
    const wildcard = hub.register('mnemo.rpc.context.*', 'context', async () => 'any');
    await expect(hub.request('mnemo.rpc.context.claude-md', {}, 1000)).resolves.toBe('any');
    const exact = hub.register(
      'mnemo.rpc.context.claude-md',
      'gateway',
      async () => new Promise(() => undefined),
    ); // never answers
    expect(hub.answers('mnemo.rpc.context.claude-md')).toBe(true);
    await wildcard.stop();
    await exact.stop();
    expect(hub.answers('mnemo.rpc.context.claude-md')).toBe(false);
    await expect(hub.request('mnemo.rpc.context.claude-md', {}, 1000)).rejects.toBeInstanceOf(
      NoResponderError,
    );
  });

  it('takes each queue group once, its members in turn', async () => {
    const hub = new RpcHub();
    const seen: string[] = [];
    hub.register('s.>', 'q', async () => (seen.push('a'), 'a'));
    hub.register('s.x', 'q', async () => (seen.push('b'), 'b'));
    for (let i = 0; i < 4; i += 1) await hub.request('s.x', {}, 1000);
    expect(seen).toEqual(['a', 'b', 'a', 'b']);
  });
});
