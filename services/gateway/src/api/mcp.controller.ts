import { Controller, Delete, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createMnemoMcpServer, invalidMcpParams } from '@mnemo/agent-tools';
import { MnemoClient } from '@mnemo/mnemo-client';
import { ApiKeyGuard } from '@mnemo/http-edge';

/** Per tool call: the loopback request to this gateway's own routes. */
const LOOPBACK_TIMEOUT_MS = 10_000;

/** This server as the request reached it: the tools call its routes over loopback. */
function loopbackUrl(request: IncomingMessage): string {
  const address = request.socket.localAddress ?? '127.0.0.1';
  const host = address.startsWith('::ffff:')
    ? address.slice(7)
    : address.includes(':')
      ? `[${address}]`
      : address;
  return `http://${host}:${request.socket.localPort}`;
}

function notAllowed(reply: FastifyReply) {
  reply.header('allow', 'POST');
  return {
    jsonrpc: '2.0',
    error: { code: -32000, message: 'Method not allowed: POST JSON-RPC messages to /mcp' },
    id: null,
  };
}

/**
 * MCP over streamable HTTP, stateless: one server and transport per POST, JSON answers. The tools
 * are the same as stdio's (@mnemo/agent-tools) and call this gateway's own public routes over
 * loopback with the caller's key, rather than other services' code: the same auth, validation,
 * limits and errors as any client, one implementation for both transports, for one local hop.
 */
@Controller('mcp')
@UseGuards(ApiKeyGuard)
export class McpController {
  @Post()
  async handle(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const invalid = invalidMcpParams(request.body);
    if (invalid) {
      await reply.status(400).send(invalid);
      return;
    }
    const apiKey = String(request.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    const server = createMnemoMcpServer({
      client: new MnemoClient({
        url: loopbackUrl(request.raw),
        apiKey,
        timeoutMs: LOOPBACK_TIMEOUT_MS,
      }),
    });
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    // The SDK writes the Node response itself: Fastify leaves this reply alone.
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  }

  /** Stateless: no server-sent stream to open. */
  @Get()
  @HttpCode(405)
  noStream(@Res({ passthrough: true }) reply: FastifyReply) {
    return notAllowed(reply);
  }

  /** Stateless: no session to end. */
  @Delete()
  @HttpCode(405)
  noSession(@Res({ passthrough: true }) reply: FastifyReply) {
    return notAllowed(reply);
  }
}
