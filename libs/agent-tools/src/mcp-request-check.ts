import { ClientRequestSchema, ErrorCode } from '@modelcontextprotocol/sdk/types.js';

type ParamsSchema = {
  safeParse(value: unknown): {
    success: boolean;
    error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
  };
};

/** Each spec method a client may call, with the SDK's own schema of its request. */
const REQUEST_BY_METHOD = new Map<string, ParamsSchema>(
  (
    ClientRequestSchema.options as unknown as Array<
      ParamsSchema & { shape: { method: { value: string } } }
    >
  ).map((option) => [option.shape.method.value, option]),
);

export interface JsonRpcInvalidParams {
  jsonrpc: '2.0';
  id: string | number | null;
  error: { code: number; message: string };
}

/**
 * The MCP SDK answers a spec method whose params fail its schema (`tools/call` with `arguments: ""`)
 * with -32603 Internal error, as if the server broke (typescript-sdk issue #2284, open). This finds
 * such a request before the SDK sees it, so the caller gets -32602 Invalid params naming the field.
 */
export function invalidMcpParams(body: unknown): JsonRpcInvalidParams | null {
  for (const message of Array.isArray(body) ? body : [body]) {
    if (!message || typeof message !== 'object') continue;
    const { method, id } = message as { method?: unknown; id?: unknown };
    const schema = typeof method === 'string' ? REQUEST_BY_METHOD.get(method) : undefined;
    if (!schema) continue;
    const parsed = schema.safeParse(message);
    if (parsed.success) continue;
    const issues = (parsed.error?.issues ?? []).map(
      (issue) => `${issue.path.map(String).join('.') || '(request)'}: ${issue.message}`,
    );
    return {
      jsonrpc: '2.0',
      id: typeof id === 'string' || typeof id === 'number' ? id : null,
      error: {
        code: ErrorCode.InvalidParams,
        message: `Invalid params for ${String(method)}: ${issues.join('; ')}`,
      },
    };
  }
  return null;
}
