import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { protoEventToJson } from '../domain/proto-events';
import { IngestService } from '../ingest/ingest.service';
import type { GrpcBinding } from '@mnemo/http-edge';

export const EVENTS_PROTO = path.resolve(__dirname, '../../../../proto/mnemo/v1/events.proto');

/** `mnemo.v1.IngestService.Ingest`: the same rules and answer as `POST /v1/events`. */
export const ingestGrpcBinding: GrpcBinding = {
  protoFile: EVENTS_PROTO,
  // No defaults: a field the producer left out stays absent, as in JSON.
  loaderOptions: { keepCase: false, longs: Number, enums: String, defaults: false, oneofs: true },
  service: 'mnemo.v1.IngestService',
  methods: (app: INestApplication) => {
    const ingestion = app.get(IngestService, { strict: false });
    return {
      ingest: (accountId, request: { events?: Array<Record<string, unknown>> }) =>
        ingestion.ingest(
          accountId,
          { events: (request.events ?? []).map(protoEventToJson) },
          'grpc',
        ),
    };
  },
};
