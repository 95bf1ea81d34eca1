import type { StoredEvent } from '@mnemo/contracts';
import { newestPerKey } from './newest-per-key';

const stored = (seq: number, id: string): StoredEvent => ({
  seq,
  event: { id } as StoredEvent['event'],
});

describe('newestPerKey', () => {
  it('keeps the highest sequence of each key, whatever order the events come in, keys in first-seen order', () => {
    const events = [
      stored(5, 'a'),
      stored(2, 'b'),
      stored(9, 'a'),
      stored(7, 'b'),
      stored(3, 'a'),
      stored(1, 'c'),
    ];
    expect(newestPerKey(events, (e) => e.event.id).map((e) => [e.event.id, e.seq])).toEqual([
      ['a', 9],
      ['b', 7],
      ['c', 1],
    ]);
  });

  it('answers nothing for no events', () => {
    expect(newestPerKey([], () => 'k')).toEqual([]);
  });
});
