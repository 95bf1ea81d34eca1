/**
 * The HTTP edge every service's controllers share: authentication guards behind the ACCOUNT_LOOKUP port
 * (the gateway provides it), the `@AccountId()` decorator, input parsing, keyset cursors, the error filter
 * and the gRPC binding type. A service imports these from here, never from another service.
 */
export * from './http-edge.constants';
export * from './auth.guards';
export * from './parse-input';
export * from './cursor';
export * from './error.filter';
export * from './grpc-binding';
export * from './storable-input.guard';
export * from './kept-body-encoding';
