import { z } from 'zod';

/** The largest Postgres `integer`, the column type projections keep counts, line numbers and segments in. */
export const PG_INTEGER_MAX = 2_147_483_647;

/**
 * A count or position a projection stores as `integer`. A larger one would be accepted by the event
 * log, then dead-lettered by every projection that reads it: half-written.
 */
export const storedCount = z.number().int().nonnegative().max(PG_INTEGER_MAX);
