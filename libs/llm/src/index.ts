export * from './llm.port';
export * from './settle-call';
export * from './paid-reaction';
export * from './llm-runtime';
export * from './llm.config';
export * from './create-llm-runtime';
export * from './cost-guard/cost-guard.port';
export * from './cost-guard/in-memory-cost-guard';
export * from './credentials/llm-key-store.port';
export {
  encryptSecret,
  decryptSecret,
  deriveMasterKey,
  fingerprintSecret,
  SecretBoxError,
} from './credentials/secret-box';
export * from './domain/pricing';
export * from './domain/estimate-tokens';
export * from './domain/transcript';
export * from './domain/parse-model-json';
export * from './domain/resolve-credential';
export * from './domain/mask-key';
export {
  AnthropicAdapter,
  DEFAULT_ANTHROPIC_MODEL,
  type AnthropicAdapterOptions,
} from './anthropic/anthropic.adapter';
export { OfflineAdapter, OFFLINE_MODEL } from './offline/offline.adapter';
export { summarize } from './offline/summarize';
export {
  extractFacts,
  MAX_OFFLINE_FACTS,
  type OfflineFact,
  type OfflineFactType,
  type OfflineConfidence,
} from './offline/extract-facts';
export { synthesizeProfile, PROFILE_MAX_CHARS } from './offline/synthesize-profile';
export { summarizeTurns, SUMMARY_MAX_TOKENS } from './offline/summarize';
export { extractPersonFacts, MAX_PERSON_FACTS } from './offline/person-facts';
export {
  developerStatements,
  readDeveloperStatement,
  type DeveloperStatement,
} from './offline/developer-statements';
export { tokenDice } from './offline/text-tools';
export { openingName } from './offline/nlp';
export {
  isNegated,
  meaningSimilarity,
  meaningWords,
  sameMeaning,
  type MeaningWord,
} from './offline/meaning-words';
export * from './extraction/source-turn';
export * from './extraction/extracted-fact';
export * from './extraction/extracted-plan';
export { proposePlans } from './offline/propose-plans';
export * from './extraction/fact-extraction-prompt';
export {
  artifactSource,
  artifactSources,
  factsSource,
  FACTS_HEADING,
  type ArtifactText,
  type FactLine,
} from './offline/artifact-source';
export {
  detectInsights,
  type OfflineInsight,
  type OfflineInsightKind,
} from './offline/detect-insights';
