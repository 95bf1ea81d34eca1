import { z } from 'zod';
import { ingestEvents } from './ingest.events';
import { platformEvents } from './platform.events';
import { compactionEvents } from './compaction.events';
import { memoryEvents } from './memory.events';
import { costEvents } from './cost.events';
import { profileEvents } from './profile.events';
import { contextEvents } from './context.events';
import { recallEvents } from './recall.events';
import { logsEvents } from './logs.events';
import { codeEvents } from './code.events';

export * from './ingest.events';
export * from './platform.events';
export * from './compaction.events';
export * from './memory.events';
export * from './cost.events';
export * from './profile.events';
export * from './context.events';
export * from './recall.events';
export * from './logs.events';
export * from './code.events';

/** Every event type Mnemo knows, by name, with its current payload schema. */
export const eventPayloads = {
  ...ingestEvents,
  ...platformEvents,
  ...compactionEvents,
  ...memoryEvents,
  ...costEvents,
  ...profileEvents,
  ...contextEvents,
  ...recallEvents,
  ...logsEvents,
  ...codeEvents,
} as const;

export type EventType = keyof typeof eventPayloads;
export type PayloadOf<T extends EventType> = z.infer<(typeof eventPayloads)[T]>;

/** The types a producer may send through `POST /v1/events`; the rest are written by Mnemo's own services. */
export const producerEventTypes = [
  'SessionStarted',
  'SessionEnded',
  'TurnRecorded',
  'SegmentPaused',
  'ArtifactSaved',
  'BookmarkAdded',
  'ReminderSet',
  'PlanProposed',
  'MeasurementRecorded',
  'SessionOutcomeRecorded',
  'SymbolSnapshotRecorded',
] as const satisfies readonly EventType[];
export type ProducerEventType = (typeof producerEventTypes)[number];

export const isEventType = (type: string): type is EventType => Object.hasOwn(eventPayloads, type);
