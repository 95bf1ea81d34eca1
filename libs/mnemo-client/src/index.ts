/**
 * @mnemo/mnemo-client: Mnemo's public HTTP API for agent-side code (hooks, the MCP server), with no
 * zod or MCP SDK so that a hook process starts fast.
 */
export { MnemoClient } from './mnemo-client';
export type { MnemoClientOptions } from './mnemo-client';
export { MnemoApiError, MnemoUnavailableError } from './mnemo-client.errors';
export * from './mnemo-client.types';
export { projectIdentity, projectName, worktreeRoots, isInProject } from './project-identity';
export type { ProjectIdentity } from './project-identity';
export { loadClientSettings, clientSettingsFile, DEFAULT_MNEMO_URL } from './client-settings';
export type { ClientSettings } from './client-settings';
