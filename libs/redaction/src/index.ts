export { redact } from './redact';
export { redactDeep, type DeepRedaction } from './redact-deep';
export { redactEvent } from './redact-event';
export type { SecretKind, Finding, RedactionResult } from './secret-kind';
/** Test fixtures: one fake secret per family, and the scan for survivors that specs run on storage and logs. */
export { sampleSecrets, SECRET_SAMPLES, findPlantedSecrets } from './secret-samples';
