export * from './domain/insight-candidates';
export { insightProjection } from './projections/insight.projection';
export { parseInsightConfig, type InsightConfig } from './insight.config';
export { InsightReactorsModule } from './insight-reactors.module';
export { InsightApiModule } from './insight-api.module';
