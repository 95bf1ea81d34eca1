export { codeSnapshotsProjection } from './projections/code-snapshots.projection';
export { readFileHistory } from './projections/code-snapshots.read';
export { driftAnswer } from './api/drift.controller';
export { CodeApiModule } from './code-api.module';
export { registerCodeCommands } from './cli/code.commands';
