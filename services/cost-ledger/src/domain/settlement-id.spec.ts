import { z } from 'zod';
import { settlementEventId } from './settlement-id';

describe('settlementEventId', () => {
  it('is a valid UUID, the same for the same settlement and different across kinds and reservations', () => {
    const id = settlementEventId('committed', 'r-1');
    expect(z.uuid().safeParse(id).success).toBe(true);
    expect(settlementEventId('committed', 'r-1')).toBe(id);
    expect(settlementEventId('released', 'r-1')).not.toBe(id);
    expect(settlementEventId('committed', 'r-2')).not.toBe(id);
  });

  it('keeps the version and variant bits whatever the reservation', () => {
    for (let i = 0; i < 200; i += 1)
      expect(settlementEventId('committed', `r${i}`)).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
  });
});
