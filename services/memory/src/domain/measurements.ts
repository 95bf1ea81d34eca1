import type { z } from 'zod';
import {
  deterministicUuid,
  MeasurementRecorded,
  type FieldIssue,
  type MeasurementInput,
} from '@mnemo/contracts';
import { measurementKey, progressLine, type DayValue, type PlanState } from '@mnemo/memory-rules';

/** Namespace of measurement event ids (a fixed v4 UUID, chosen once). */
const MEASUREMENT_NAMESPACE = '8d2f4b61-7c3e-4a95-b0e8-2f6a1c9d7e34';

export interface MeasurementEvent {
  id: string;
  type: 'MeasurementRecorded';
  payload: z.infer<typeof MeasurementRecorded>;
  metric: string;
  key: string;
}

/**
 * A batch of measurements as events: each one's id is derived from the account and its key (the
 * caller's id, else its content), so a retried batch is the same events. A measurement said twice in
 * one batch is kept once. Every item that is not a measurement is named by its field and reason.
 */
export function measurementEvents(
  accountId: string,
  items: readonly MeasurementInput[],
):
  { ok: true; events: MeasurementEvent[]; repeated: number } | { ok: false; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const events = new Map<string, MeasurementEvent>();
  items.forEach((item, index) => {
    const { id, ...rest } = item;
    const parsed = MeasurementRecorded.safeParse({ ...rest, ...(id ? { measurementId: id } : {}) });
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        issues.push({
          path: ['body', 'measurements', index, ...issue.path]
            .map((p) => (p === 'measurementId' ? 'id' : String(p)))
            .join('.'),
          reason: issue.message,
        });
      return;
    }
    const key = measurementKey(parsed.data);
    const identity = `${parsed.data.metric}\u0000${key}`;
    if (events.has(identity)) return;
    events.set(identity, {
      id: deterministicUuid(MEASUREMENT_NAMESPACE, `${accountId}\u0000${identity}`),
      type: 'MeasurementRecorded',
      payload: parsed.data,
      metric: parsed.data.metric,
      key,
    });
  });
  if (issues.length) return { ok: false, issues };
  return { ok: true, events: [...events.values()], repeated: items.length - events.size };
}

/** The briefing is two lines at most. */
export const MAX_BRIEFING_LINES = 2;

/**
 * The briefing: one line per active plan, measured plans first (they speak from the person's own
 * numbers), the most recently activated next, two lines at most.
 */
export function briefingLines(
  plans: ReadonlyArray<{
    plan: PlanState;
    checkIns: { at: string; progress: string }[];
    series: DayValue[];
  }>,
): string[] {
  const active = plans.filter((p) => p.plan.status === 'active');
  const rank = (p: { plan: PlanState }) => (p.plan.measure ? 0 : 1);
  const ordered = [...active].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (b.plan.activatedAt ?? '').localeCompare(a.plan.activatedAt ?? '') ||
      a.plan.planId.localeCompare(b.plan.planId),
  );
  const lines = ordered
    .slice(0, MAX_BRIEFING_LINES)
    .map((p) => progressLine(p.plan, p.checkIns, p.series));
  return lines.length ? lines : ['No active plans yet.'];
}
