import type { StoredEvent } from '@mnemo/contracts';
import type { Projection } from '@mnemo/persistence';
import type { DataSource } from 'typeorm';

/**
 * Given/when/then for the two pure-ish shapes of the event-sourced core (docs/architecture.md):
 * a decider (state and command in, decision out) and a projection (events in, rows out).
 */

/**
 * A decider's case in three steps: `decider(decide).given(state).when(command).then()` is what it
 * decides; a spec asserts on it (`expect(...).toEqual(...)`).
 */
export function decider<State, Command, Decision>(
  decide: (state: State, command: Command) => Decision,
) {
  return {
    given: (state: State) => ({
      when: (command: Command) => ({
        then: (): Decision => decide(state, command),
      }),
    }),
  };
}

/**
 * A projection's case against a real database: the `given` events are applied as one batch, then
 * each `when` batch as the live runner applies it (so a redelivered batch can be shown to change
 * nothing), and `then(sql)` reads the rows.
 */
export function projection(projected: Projection, db: DataSource) {
  const batches: StoredEvent[][] = [];
  const steps = {
    given(...events: StoredEvent[]) {
      batches.push(events);
      return steps;
    },
    when(...events: StoredEvent[]) {
      batches.push(events);
      return steps;
    },
    async then<Row = Record<string, unknown>>(sql: string, parameters: unknown[] = []) {
      // loaded here, so a spec that only waits or decides does not load TypeORM
      const { applyBatch } = await import('@mnemo/persistence');
      for (const batch of batches.splice(0)) await applyBatch(db, projected, batch);
      return db.query<Row[]>(sql, parameters);
    },
  };
  return steps;
}

/**
 * A stored event for a spec: `seq` also makes its id (so a redelivery is the same event), every
 * other envelope field has a fixed value unless `envelope` overrides it.
 */
export function storedEvent<Payload>(
  seq: number,
  type: string,
  payload: Payload,
  envelope: Partial<Omit<StoredEvent['event'], 'type' | 'payload'>> = {},
): StoredEvent<string, Payload> {
  return {
    seq,
    event: {
      id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
      type,
      version: 1,
      accountId: 'acc',
      occurredAt: '2026-12-01T12:00:00.000Z',
      producer: 'spec',
      ...envelope,
      payload,
    },
  };
}
