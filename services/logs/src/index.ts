export { logFactsProjection } from './projections/log-facts.projection';
export { LogSourceStatus1765000000200 } from './sources/log-source-status.migration';
export { countLogFacts } from './projections/log-facts.read';
export { logFactsAnswer, LogFactsQuery } from './api/log-facts.controller';
export { parseLogsConfig, type LogsConfig } from './logs.config';
export { LogsApiModule } from './logs-api.module';
export { startLogSources } from './sources/start-log-sources';
