import type * as protoLoader from '@grpc/proto-loader';
import type { INestApplication } from '@nestjs/common';

/** One gRPC service a Mnemo service offers on the gateway's port, e.g. `mnemo.v1.ContextService`. */
export interface GrpcBinding {
  protoFile: string;
  loaderOptions: protoLoader.Options;
  /** Fully qualified, e.g. `mnemo.v1.IngestService`. */
  service: string;
  /** Method name (lowerCamel, as grpc-js names them) → handler for an authenticated account. */
  methods(
    app: INestApplication,
  ): Record<string, (accountId: string, request: any) => Promise<unknown>>;
}
