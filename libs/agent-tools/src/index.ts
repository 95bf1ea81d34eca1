/**
 * @mnemo/agent-tools: Mnemo's tools for agents, defined once (zod input schemas, descriptions, the
 * calls they make) and served over MCP by both transports: stdio (`mnemo mcp`) and the gateway's /mcp.
 */
export * from './mnemo-tools';
export { invalidMcpParams, type JsonRpcInvalidParams } from './mcp-request-check';
export { createMnemoMcpServer, toolErrorText, MNEMO_MCP_INSTRUCTIONS } from './mnemo-mcp.server';
export {
  PAGE_CHARS,
  SPILL_CHARS,
  encodeCursor,
  decodeCursor,
  pageOfItems,
  pageOfText,
  fitResult,
  BadCursorError,
} from './tool-output';
