export { redact } from './redact';
export { redactDeep, type DeepRedaction } from './redact-deep';
export { redactEvent } from './redact-event';
export type { SecretKind, Finding, RedactionResult } from './secret-kind';
/**
 * Test fixtures: fake secrets of every family (the documented formats and a seeded generator),
 * and the scans for survivors that specs run on storage, logs and API answers.
 */
export {
  sampleSecrets,
  plantedSecrets,
  plantedShapes,
  SECRET_SAMPLES,
  findPlantedSecrets,
  findLeakedWindows,
  secretWindows,
  expandTemplate,
  seededDraw,
  type Draw,
  type PlantedSecret,
} from './secret-samples';
export { SECRET_FORMATS } from './secret-formats';
export { SHAPE_FORMATS } from './shape-formats';
export { SECRET_KINDS } from './secret-kind';
