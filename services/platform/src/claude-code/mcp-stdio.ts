import os from 'node:os';
import path from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMnemoMcpServer, invalidMcpParams } from '@mnemo/agent-tools';
import { loadClientSettings, MnemoClient, projectIdentity } from '@mnemo/mnemo-client';
import { currentSession } from './hook-state';

/** Per tool call: a Mnemo that does not answer within this is reported as unavailable. */
const TOOL_TIMEOUT_MS = 10_000;

/**
 * `mnemo mcp`: the tools over stdio for the agent that started this process. stdout is the protocol:
 * nothing else may be written to it. Without a key every tool answers an error saying so.
 */
export async function serveMcpOnStdio(env: NodeJS.ProcessEnv, cwd: string): Promise<void> {
  const settings = loadClientSettings(env);
  const identity = await projectIdentity(env.CLAUDE_PROJECT_DIR || cwd, env);
  const timeoutMs =
    Number(env.MNEMO_MCP_TIMEOUT_MS) > 0 ? Number(env.MNEMO_MCP_TIMEOUT_MS) : TOOL_TIMEOUT_MS;
  const client = new MnemoClient({
    url: settings.url,
    apiKey: settings.apiKey ?? 'missing-api-key',
    timeoutMs,
  });
  const server = createMnemoMcpServer({
    client,
    project: identity.project,
    sessionId: () => currentSession(env, identity.project),
    spillDir: path.join(env.TMPDIR || os.tmpdir(), 'mnemo-mcp'),
    // the files are here: a visited symbol is found in them, and loaded only when one is asked for
    symbolAt: async (file, symbol) =>
      (await import('@mnemo/code-symbols')).symbolInFile(
        path.resolve(env.CLAUDE_PROJECT_DIR || cwd, file),
        symbol,
      ),
  });
  const transport = new StdioServerTransport();
  await server.connect(transport);
  // As the HTTP endpoint does: a request whose params fail the spec's schema gets -32602 naming the field,
  // not the SDK's -32603 Internal error.
  const handle = transport.onmessage;
  transport.onmessage = (message) => {
    const invalid = invalidMcpParams(message);
    if (invalid) void transport.send(invalid as never);
    else handle?.(message);
  };
}
