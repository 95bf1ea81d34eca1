export { redact, containsSecret, findSecrets } from './redact';
export { redactDeep, type DeepRedaction } from './redact-deep';
export { namesSecret } from './secret-names';
export { shannonEntropy } from './entropy';
export { SECRET_KINDS, placeholder, type SecretKind, type Finding, type RedactionResult } from './secret-kind';
export { sampleSecrets, SECRET_SAMPLES, secretCore, findPlantedSecrets } from './secret-samples';
export { redactEvent } from './redact-event';
