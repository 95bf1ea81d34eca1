import { protoEventToJson } from './proto-events';

describe('protoEventToJson', () => {
  it('turns the payload oneof into payload, and names the type from it when empty', () => {
    const json = protoEventToJson({
      id: 'e1',
      type: '',
      sessionId: 's',
      occurredAt: 't',
      payload: 'turnRecorded',
      turnRecorded: { seq: 1, role: 'user', text: 'hi' },
    });
    expect(json).toEqual({
      id: 'e1',
      type: 'TurnRecorded',
      sessionId: 's',
      occurredAt: 't',
      payload: { seq: 1, role: 'user', text: 'hi' },
    });
  });

  it('keeps a type the caller set, so a mismatch is caught by validation', () => {
    expect(
      protoEventToJson({
        id: 'e1',
        type: 'SessionStarted',
        payload: 'turnRecorded',
        turnRecorded: {},
      }),
    ).toMatchObject({ type: 'SessionStarted' });
  });

  it('drops account and producer: the key and Mnemo decide them', () => {
    expect(protoEventToJson({ id: 'e1', accountId: 'someone-else', producer: 'me' })).toEqual({
      id: 'e1',
    });
  });
});
