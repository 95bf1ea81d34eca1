export { recallProjection } from './projections/recall.projection';
export { RecallApiModule } from './recall-api.module';
export { loadRecallConfig, RecallEnv, type RecallConfig } from './recall.config';
export { RecallReactorsModule } from './recall-reactors.module';
export { RecallBody, PriorWorkQuery, PriorDecisionsQuery, VisitedBody, VisitedQuery } from './api/recall.dto';
export { RecallQueryLog1764500000300 } from './api/recall-query-log.migration';
