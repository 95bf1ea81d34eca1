import { z } from 'zod';

/**
 * One turn of a conversation as extraction and summaries read it: its sequence number (the provenance a
 * fact records), who spoke, the words, and when it was said (relative dates resolve against it).
 */
export const SourceTurn = z.object({
  seq: z.number().int().nonnegative(),
  role: z.enum(['user', 'assistant']),
  text: z.string(),
  occurredAt: z.iso.datetime({ offset: true }).optional(),
});
export type SourceTurn = z.infer<typeof SourceTurn>;

/** Who the facts are about, when known: the prompt names them and says which side of the conversation is theirs. */
export interface ExtractionPerson {
  name?: string;
  /** What the person is to the product (a coaching client, a developer, a patient): context for the model. */
  role?: string;
}

/** An ISO datetime's calendar day, `YYYY-MM-DD`, in UTC. */
export const isoDay = (at: string | Date): string =>
  (typeof at === 'string' ? new Date(at) : at).toISOString().slice(0, 10);

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** `5 May 2023`: how a date reads inside a fact. */
export function dayLabel(day: string): string {
  const d = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** `Monday 8 May 2023`: how a turn's date reads in a prompt or a summary line. */
export function weekdayLabel(at: string): string {
  const d = new Date(at);
  return `${WEEKDAYS[d.getUTCDay()]} ${dayLabel(isoDay(d))}`;
}

/** `June 2023`. */
export function monthLabel(day: string): string {
  const d = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}
