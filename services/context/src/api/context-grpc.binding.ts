import path from 'node:path';
import type * as protoLoader from '@grpc/proto-loader';
import type { INestApplication } from '@nestjs/common';
import { ContextClient } from './context.client';
import { parseInput, type GrpcBinding } from '@mnemo/http-edge';
import { ClaudeMdQuery } from './context-query';

export const GATEWAY_PROTO = path.resolve(__dirname, '../../../../proto/mnemo/v1/gateway.proto');
export const PROTO_OPTIONS: protoLoader.Options = {
  keepCase: false,
  longs: String,
  enums: String,
  defaults: true,
  oneofs: true,
};

/** `mnemo.v1.ContextService` on the gateway's gRPC port: the same context service and answers as HTTP. */
export const contextGrpcBinding: GrpcBinding = {
  protoFile: GATEWAY_PROTO,
  loaderOptions: PROTO_OPTIONS,
  service: 'mnemo.v1.ContextService',
  methods: (app: INestApplication) => {
    const context = app.get(ContextClient, { strict: false });
    return {
      getClaudeMd: async (
        accountId,
        request: { sessionId: string; pinned: string[]; source: string; isRedo: boolean },
      ) => {
        const q = parseInput(
          ClaudeMdQuery,
          {
            sessionId: request.sessionId,
            pinned: request.pinned.join(','),
            ...(request.source ? { source: request.source } : {}),
          },
          'query',
        );
        const reply = await context.claudeMd({
          accountId,
          sessionId: q.sessionId,
          pinned: q.pinned,
          ...(q.source ? { source: q.source } : {}),
          isRedo: request.isRedo,
        });
        return { markdown: reply.markdown, telemetryJson: JSON.stringify(reply.telemetry) };
      },
      getMemoryBlock: async (accountId) => {
        const reply = await context.memoryBlock({ accountId });
        return { text: reply.text, telemetryJson: JSON.stringify(reply.telemetry) };
      },
    };
  },
};
