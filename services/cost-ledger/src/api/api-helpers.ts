import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { buildEvent, type EventType, type PayloadOf } from '@mnemo/contracts';
import type { EventLog } from '@mnemo/eventing';
import { appendAndAwait } from '@mnemo/persistence';

/** Appends one of the ledger's own events and waits until its projection has it: the answer is then readable at once. */
export async function appendAndWait<T extends EventType>(
  deps: { log: EventLog; db: DataSource },
  accountId: string,
  type: T,
  payload: PayloadOf<T>,
  projection: string,
): Promise<void> {
  const event = buildEvent<T>({
    type,
    id: randomUUID(),
    accountId,
    occurredAt: new Date(),
    producer: 'cost-ledger',
    payload,
  });
  await appendAndAwait({ log: deps.log, dataSource: deps.db }, [event], projection);
}

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a UTC day as YYYY-MM-DD')
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), 'not a real day');

/** `from`/`to` as UTC days, inclusive; the last 30 days by default, at most a year at a time. */
export const DayRangeQuery = z
  .object({ from: isoDay.optional(), to: isoDay.optional() })
  .transform(({ from, to }) => {
    const end = to ?? new Date().toISOString().slice(0, 10);
    const start =
      from ?? new Date(Date.parse(`${end}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
    return { from: start, to: end };
  })
  .refine(({ from, to }) => from <= to, {
    message: '"from" must not be after "to"',
    path: ['from'],
  })
  .refine(({ from, to }) => Date.parse(to) - Date.parse(from) <= 366 * 86_400_000, {
    message: 'at most 366 days at a time',
    path: ['to'],
  });
