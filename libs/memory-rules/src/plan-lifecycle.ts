import type { z } from 'zod';
import type {
  PlanActivated,
  PlanCheckedIn,
  PlanClosed,
  PlanMeasure,
  PlanProposed,
} from '@mnemo/contracts';
import { measuredProgress, type DayValue } from './day-series';

const DAY_MS = 86_400_000;
const MAX_PROGRESS_CHARS = 300;

export type PlanStatus = 'proposed' | 'active' | 'closed';
type ClosedReason = z.infer<typeof PlanClosed>['reason'];

export interface PlanState {
  planId: string;
  title: string;
  steps: string[];
  reviewDays: number;
  status: PlanStatus;
  proposedAt: string;
  activatedAt?: string;
  closedReason?: ClosedReason;
  /** What the plan measures itself by, when it names a metric of the person's day series. */
  measure?: z.infer<typeof PlanMeasure>;
}

type At = { occurredAt: string };
export type PlanEvent =
  | ({ type: 'PlanProposed'; payload: z.input<typeof PlanProposed> } & At)
  | ({ type: 'PlanActivated'; payload: z.infer<typeof PlanActivated> } & At)
  | ({ type: 'PlanCheckedIn'; payload: z.infer<typeof PlanCheckedIn> } & At)
  | ({ type: 'PlanClosed'; payload: z.infer<typeof PlanClosed> } & At);

/** Fold one event into a plan; an event that does not apply to its current status changes nothing. */
export function evolvePlan(state: PlanState | undefined, event: PlanEvent): PlanState | undefined {
  switch (event.type) {
    case 'PlanProposed': {
      if (state) return state;
      const { planId, title, steps = [], reviewDays = 14, measure } = event.payload;
      return {
        planId,
        title,
        steps,
        reviewDays,
        status: 'proposed',
        proposedAt: event.occurredAt,
        ...(measure ? { measure: { ...measure, direction: measure.direction ?? 'at_least' } } : {}),
      };
    }
    case 'PlanActivated':
      if (state?.status !== 'proposed') return state;
      return { ...state, status: 'active', activatedAt: event.payload.activatedAt };
    case 'PlanCheckedIn':
      // Check-ins are kept by whoever lists them; they do not change the plan's state.
      return state;
    case 'PlanClosed':
      if (!state || state.status === 'closed') return state;
      return { ...state, status: 'closed', closedReason: event.payload.reason };
    default: {
      const _never: never = event;
      return _never;
    }
  }
}

/** When an active plan is due for review: `reviewDays` after activation. */
export function reviewDueAt(plan: PlanState): Date | null {
  if (!plan.activatedAt) return null;
  return new Date(Date.parse(plan.activatedAt) + plan.reviewDays * DAY_MS);
}

export interface PlanCheckIn {
  at: string;
  progress: string;
}

/**
 * One sentence on an active plan for the per-turn memory block: how many check-ins since activation,
 * the review day, and the latest note. Fits PlanCheckedIn's 300 characters and never holds a line break.
 */
export function progressLine(
  plan: PlanState,
  checkIns: readonly PlanCheckIn[],
  series: readonly DayValue[] = [],
): string {
  return fitProgress(`${oneLine(plan.title)}: ${planProgress(plan, checkIns, series)}`);
}

/**
 * A plan's progress without its title: a measured plan reads the person's own series (`series`: its
 * metric's daily values in its unit), any other its check-ins.
 */
export function planProgress(
  plan: PlanState,
  checkIns: readonly PlanCheckIn[],
  series: readonly DayValue[] = [],
): string {
  return plan.measure
    ? fitProgress(measuredProgress(plan.measure, series))
    : progressStatus(plan, checkIns);
}

/** The same sentence without the plan's title, for readers that print the title themselves. */
export function progressStatus(plan: PlanState, checkIns: readonly PlanCheckIn[]): string {
  const since = plan.activatedAt ? Date.parse(plan.activatedAt) : Number.NEGATIVE_INFINITY;
  const relevant = checkIns
    .filter((c) => Date.parse(c.at) >= since)
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const review = reviewDueAt(plan);
  const parts = [
    relevant.length === 0
      ? 'no check-ins yet'
      : `${relevant.length} check-in${relevant.length === 1 ? '' : 's'}`,
  ];
  if (review) parts.push(`review on ${review.toISOString().slice(0, 10)}`);
  const latest = relevant[relevant.length - 1];
  let line = parts.join(', ');
  if (latest) line += `; latest: ${oneLine(latest.progress).replace(/[.!?]+$/, '')}`;
  return fitProgress(`${line}.`);
}

const fitProgress = (line: string) =>
  line.length <= MAX_PROGRESS_CHARS ? line : `${line.slice(0, MAX_PROGRESS_CHARS - 2)}….`;

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
