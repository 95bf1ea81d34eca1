export * from './gateway.module';
export * from './gateway.constants';
export * from './projections/accounts.projection';
export * from './accounts/accounts.service';
export * from './http/fastify-http.adapter';
export * from './auth/auth.module';
export * from './grpc/grpc-gateway';
export * from './grpc/ingest.grpc';
