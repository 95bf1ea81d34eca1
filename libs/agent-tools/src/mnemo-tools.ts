/** The tool registry: every tool the MCP server serves, defined one group per file under tools/. */
import type { MnemoTool } from './tool';
import { logFacts } from './tools/log-facts.tool';
import { getContext, rememberFact, searchMemories } from './tools/memories.tools';
import { proposePlan, recordMeasurements, refactorPlans } from './tools/plans.tools';
import { priorDecisions, priorWork, recallConversation } from './tools/recall.tools';
import { skillCandidates } from './tools/skill-candidates.tool';
import { driftSince, markVisited, recallVisited } from './tools/visited.tools';

export { ToolInputError, type LocatedSymbol, type MnemoTool, type ToolContext } from './tool';
export * from './tools/recall.tools';
export * from './tools/memories.tools';
export * from './tools/visited.tools';
export * from './tools/skill-candidates.tool';
export * from './tools/log-facts.tool';
export * from './tools/plans.tools';

/**
 * Every tool, in the order an agent sees them. Fourteen: each definition costs context on every turn,
 * so a new tool must earn its place.
 */
export const MNEMO_TOOLS: readonly MnemoTool[] = [
  recallConversation,
  priorWork,
  priorDecisions,
  searchMemories,
  rememberFact,
  getContext,
  markVisited,
  recallVisited,
  driftSince,
  skillCandidates,
  logFacts,
  refactorPlans,
  recordMeasurements,
  proposePlan,
];
