import type { StoredEventOf } from '@mnemo/contracts';
import type { Sql } from '@mnemo/persistence';
import {
  aggregationOf,
  dailyValue,
  measurementDay,
  measurementKey,
  type DayValue,
} from '@mnemo/memory-rules';

/**
 * A measurement is kept once by its key; its day's value is then made again from all of that day's
 * samples, so the order measurements arrive in (or a replay) gives the same day.
 */
export async function applyMeasurement(
  sql: Sql,
  stored: StoredEventOf<'MeasurementRecorded'>,
): Promise<boolean> {
  const { event, seq } = stored;
  const m = event.payload;
  const day = measurementDay(m);
  const inserted: unknown[] = await sql.query(
    `INSERT INTO measurement_samples (account_id, metric, sample_key, unit, day, value, source, last_seq)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (account_id, metric, sample_key) DO NOTHING RETURNING 1`,
    [event.accountId, m.metric, measurementKey(m), m.unit, day, m.value, m.source, seq],
  );
  if (inserted.length === 0) return false; // the same measurement again
  const samples: Array<{ value: number }> = await sql.query(
    `SELECT value FROM measurement_samples WHERE account_id = $1 AND metric = $2 AND unit = $3 AND day = $4`,
    [event.accountId, m.metric, m.unit, day],
  );
  const aggregation = aggregationOf(m.unit);
  await sql.query(
    `INSERT INTO measurement_days (account_id, metric, unit, day, value, samples, aggregation, last_seq)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (account_id, metric, unit, day) DO UPDATE SET value = EXCLUDED.value, samples = EXCLUDED.samples,
       aggregation = EXCLUDED.aggregation, last_seq = EXCLUDED.last_seq`,
    [
      event.accountId,
      m.metric,
      m.unit,
      day,
      dailyValue(
        samples.map((s) => Number(s.value)),
        aggregation,
      ),
      samples.length,
      aggregation,
      seq,
    ],
  );
  return true;
}

/** A metric's daily values in one unit, oldest first, from the read model. */
export async function daySeries(
  sql: Sql,
  accountId: string,
  metric: string,
  unit: string,
): Promise<DayValue[]> {
  const rows: Array<{ day: string; value: number }> = await sql.query(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, value FROM measurement_days
     WHERE account_id = $1 AND metric = $2 AND unit = $3 ORDER BY day`,
    [accountId, metric, unit],
  );
  return rows.map((r) => ({ day: r.day, value: Number(r.value) }));
}
