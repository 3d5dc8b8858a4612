export type { Projection } from './runner/projection';
export { projections } from './projections/registry';
export { applyBatch, applyEvents, type BatchOutcome } from './runner/apply-batch';
export { defaultRetryDelayMs } from './runner/retry-delay';
export { runProjections, type RunProjectionsOptions, type RunnerState } from './runner/run-projections';
export {
  rebuildProjection,
  rebuildSchemaOf,
  type RebuildOptions,
  type RebuildOutcome,
} from './runner/rebuild-projection';
export { readCheckpoint } from './runner/checkpoints';
export { serveRebuildRequests, recordOwnedTables, type ServeRebuildRequestsOptions } from './runner/rebuild-requests';
export { loadProjectorConfig, projectorEnvironmentKeys, type ProjectorConfig } from './config';
