import path from 'node:path';
import type * as protoLoader from '@grpc/proto-loader';
import type { INestApplication } from '@nestjs/common';
import type { GrpcBinding } from '@mnemo/http-edge';
import type { ClaudeMdValue, MemoryBlockValue } from '../read/context-builds';
import type { Rendering } from '../read/context-read';
import { ContextClient } from './context.client';
import { claudeMdRequestOf } from './context-query';

export const GATEWAY_PROTO = path.resolve(__dirname, '../../../../proto/mnemo/v1/gateway.proto');
export const PROTO_OPTIONS: protoLoader.Options = {
  keepCase: false,
  longs: String,
  enums: String,
  defaults: true,
  oneofs: true,
};

const CLAUDE_MD_GRPC: Rendering<ClaudeMdValue, { markdown: string; telemetryJson: string }> = {
  format: 'grpc',
  render: (value) => ({ markdown: value.markdown, telemetryJson: JSON.stringify(value.telemetry) }),
};
const MEMORY_BLOCK_GRPC: Rendering<MemoryBlockValue, { text: string; telemetryJson: string }> = {
  format: 'grpc',
  render: (value) => ({ text: value.text, telemetryJson: JSON.stringify(value.telemetry) }),
};

/** `mnemo.v1.ContextService` on the gateway's gRPC port: the same context read and answers as HTTP. */
export const contextGrpcBinding: GrpcBinding = {
  protoFile: GATEWAY_PROTO,
  loaderOptions: PROTO_OPTIONS,
  service: 'mnemo.v1.ContextService',
  methods: (app: INestApplication) => {
    const context = app.get(ContextClient, { strict: false });
    return {
      getClaudeMd: async (
        accountId,
        message: { sessionId: string; pinned: string[]; source: string; isRedo: boolean },
      ) => {
        // the message in the query's shape, so both edges parse it with the one schema
        const { request } = claudeMdRequestOf(accountId, {
          sessionId: message.sessionId,
          pinned: message.pinned.join(','),
          ...(message.source ? { source: message.source } : {}),
          redo: String(message.isRedo),
        });
        return (await context.claudeMd(request, CLAUDE_MD_GRPC)).answer;
      },
      getMemoryBlock: async (accountId) =>
        (await context.memoryBlock({ accountId }, MEMORY_BLOCK_GRPC)).answer,
    };
  },
};
