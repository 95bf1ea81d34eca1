import { streamSequence } from './pulled-reader';

describe('streamSequence', () => {
  it('reads the stream sequence from either form of a delivery subject', () => {
    expect(streamSequence('$JS.ACK.EVENTS.reader.1.4711.12.1764400000000000000.3')).toBe(4711);
    expect(
      streamSequence('$JS.ACK.hub.ACCHASH.EVENTS.reader.1.4711.12.1764400000000000000.3.r4nd0m'),
    ).toBe(4711);
  });

  it('refuses a subject that is not a JetStream delivery', () => {
    expect(() => streamSequence('_INBOX.abc.def')).toThrow(/not a JetStream delivery/);
    expect(() => streamSequence('$JS.ACK.EVENTS.reader.1.4711.12.1764400000000000000.3.x')).toThrow(
      /not a JetStream delivery/,
    );
  });
});
