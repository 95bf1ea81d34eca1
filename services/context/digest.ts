/**
 * The context service's second door: the developer's digest and the rule for the kind of session,
 * pure code only. The Claude Code hooks build the digest on the developer's machine in a new process
 * per call, so they come in here and never load the service's main door (Nest, zod, the adapters).
 */
export { assembleDeveloperDigest } from './src/domain/developer-digest';
export { clean } from './src/domain/developer-digest-sections';
export { sessionKindOf } from './src/domain/session-kind';
export type {
  DecisionStance,
  DeveloperDigestSources,
  DigestDecision,
  DigestDrift,
  DigestLogSignal,
  DigestPreference,
  DigestSession,
} from './src/domain/developer-digest-sources';
