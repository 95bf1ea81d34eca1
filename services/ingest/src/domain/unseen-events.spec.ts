import { unseenEvents } from './unseen-events';

describe('unseenEvents', () => {
  const events = [
    { id: 'a', type: 'SessionStarted' as const },
    { id: 'b', type: 'TurnRecorded' as const },
    { id: 'c', type: 'TurnRecorded' as const },
    { id: 'd', type: 'SessionOutcomeRecorded' as const },
  ];

  it('keeps everything for a session the read models do not know', () => {
    expect(unseenEvents(events, { eventIds: new Set(), started: false })).toEqual(events);
  });

  it('drops projected events by id, and the start once the session has one', () => {
    expect(
      unseenEvents(events, { eventIds: new Set(['b', 'd']), started: true }).map((e) => e.id),
    ).toEqual(['c']);
  });
});
