export { recallProjection } from './projections/recall.projection';
export { learningProjection } from './learning/projections/learning.projection';
export { RecallApiModule } from './recall-api.module';
export { loadRecallConfig, RecallEnv, type RecallConfig } from './recall.config';
export { RecallReactorsModule } from './recall-reactors.module';
export {
  RecallBody,
  PriorWorkQuery,
  PriorDecisionsQuery,
  VisitedBody,
  VisitedQuery,
  AdminRunQuery,
  AdminStatsQuery,
} from './api/recall.dto';
export { FailedClustersQuery } from './learning/api/learning.controller';
export { SkillCandidatesQuery, SkillCandidateEditBody } from './learning/api/skills.controller';
export {
  RefactorPlansQuery,
  RefactorPlanBody,
  RefactorPlanPatchBody,
} from './learning/api/refactor-plans.controller';
export { skillMarkdown } from './learning/domain/skill-candidates';
export { RecallQueryLog1764500000300 } from './api/recall-query-log.migration';
export { RecallEmbeddings1764500000500 } from './embedding/recall-embeddings.migration';
export type { Embedder } from './embedding/embedder.port';
export { OpenAiEmbeddings } from './embedding/openai-embeddings.adapter';
