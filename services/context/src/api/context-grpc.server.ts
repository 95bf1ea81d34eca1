import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import type { INestApplication } from '@nestjs/common';
import { MnemoError } from '@mnemo/contracts';
import type { Logger } from '@mnemo/eventing';
import { AccountsService } from '@mnemo/gateway-service';
import { ContextClient } from './context.client';
import { ClaudeMdQuery, parseQuery } from './context-query';

export const GATEWAY_PROTO = path.resolve(__dirname, '../../../../proto/mnemo/v1/gateway.proto');
export const PROTO_OPTIONS: protoLoader.Options = { keepCase: false, longs: String, enums: String, defaults: true, oneofs: true };

/** The same mapping as the HTTP error filter, in gRPC status codes. */
const STATUS_BY_CODE: Record<string, grpc.status> = {
  validation_failed: grpc.status.INVALID_ARGUMENT,
  unauthorized: grpc.status.UNAUTHENTICATED,
  forbidden: grpc.status.PERMISSION_DENIED,
  not_found: grpc.status.NOT_FOUND,
  conflict: grpc.status.ABORTED,
  rate_limited: grpc.status.RESOURCE_EXHAUSTED,
  dependency_unavailable: grpc.status.UNAVAILABLE,
};

export interface GrpcGateway {
  port: number;
  stop(): Promise<void>;
}

type Call<T> = grpc.ServerUnaryCall<T, unknown>;

/**
 * gRPC `mnemo.v1.ContextService` beside the HTTP gateway: same API key (metadata
 * `authorization: Bearer …`), same context service behind it, same answers.
 */
export async function startContextGrpc(app: INestApplication, options: { port: number; host: string }, logger: Logger): Promise<GrpcGateway> {
  const accounts = app.get(AccountsService, { strict: false });
  const context = app.get(ContextClient, { strict: false });
  const definition = protoLoader.loadSync(GATEWAY_PROTO, PROTO_OPTIONS);
  const proto = grpc.loadPackageDefinition(definition) as unknown as { mnemo: { v1: { ContextService: grpc.ServiceClientConstructor } } };

  const authenticate = async (call: Call<unknown>): Promise<string> => {
    const header = call.metadata.get('authorization')[0];
    const key = typeof header === 'string' ? header.match(/^Bearer\s+(\S+)$/i)?.[1] : undefined;
    if (!key) throw new MnemoError('unauthorized', 'a valid API key is required as metadata "authorization: Bearer <key>"');
    const accountId = await accounts.accountForKey(key);
    if (!accountId) throw new MnemoError('unauthorized', 'the API key is not valid');
    return accountId;
  };

  const unary =
    <T>(run: (accountId: string, request: T) => Promise<unknown>) =>
    (call: Call<T>, callback: grpc.sendUnaryData<unknown>): void => {
      authenticate(call)
        .then((accountId) => run(accountId, call.request))
        .then((reply) => callback(null, reply))
        .catch((error: unknown) => {
          const code = error instanceof MnemoError ? (STATUS_BY_CODE[error.code] ?? grpc.status.INTERNAL) : grpc.status.INTERNAL;
          if (code === grpc.status.INTERNAL) logger.error({ err: String((error as Error)?.message ?? error) }, 'gRPC call failed');
          callback({ code, details: code === grpc.status.INTERNAL ? 'internal error' : (error as Error).message });
        });
    };

  const server = new grpc.Server();
  server.addService(proto.mnemo.v1.ContextService.service, {
    getClaudeMd: unary<{ sessionId: string; pinned: string[]; source: string; isRedo: boolean }>(async (accountId, request) => {
      const q = parseQuery(ClaudeMdQuery, { sessionId: request.sessionId, pinned: request.pinned.join(','), ...(request.source ? { source: request.source } : {}) });
      const reply = await context.claudeMd({ accountId, sessionId: q.sessionId, pinned: q.pinned, ...(q.source ? { source: q.source } : {}), isRedo: request.isRedo });
      return { markdown: reply.markdown, telemetryJson: JSON.stringify(reply.telemetry) };
    }),
    getMemoryBlock: unary<Record<string, never>>(async (accountId) => {
      const reply = await context.memoryBlock({ accountId });
      return { text: reply.text, telemetryJson: JSON.stringify(reply.telemetry) };
    }),
  });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(`${options.host}:${options.port}`, grpc.ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
  );
  logger.info({ port }, 'gRPC gateway listening');
  return {
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.tryShutdown(() => resolve());
        setTimeout(() => server.forceShutdown(), 2_000).unref();
      }),
  };
}

