/**
 * @mnemo/llm's second door: the pure parts (token estimates, prices, the extraction's schema and
 * limits) for domain code, which may not load the main door and with it the Anthropic SDK.
 */
export * from './src/domain/estimate-tokens';
export * from './src/domain/pricing';
export { ExtractedFact, MAX_FACT_CHARS } from './src/extraction/extracted-fact';
export { MAX_FACTS_PER_EXTRACTION } from './src/extraction/fact-extraction-prompt';
export { ExtractedPlan, MAX_PLANS_PER_EXTRACTION } from './src/extraction/extracted-plan';
