import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import type { INestApplication } from '@nestjs/common';
import {
  asDependencyError,
  MnemoError,
  unstorableInputIssues,
  ValidationError,
} from '@mnemo/contracts';
import type { Logger } from '@mnemo/eventing';
import { ACCOUNT_LOOKUP, bearerKey, type AccountLookup, type GrpcBinding } from '@mnemo/http-edge';

export interface GrpcGateway {
  port: number;
  stop(): Promise<void>;
}

/** The same mapping as the HTTP error filter, in gRPC status codes. */
const STATUS_BY_CODE: Record<string, grpc.status> = {
  validation_failed: grpc.status.INVALID_ARGUMENT,
  invalid_event: grpc.status.INVALID_ARGUMENT,
  unauthorized: grpc.status.UNAUTHENTICATED,
  forbidden: grpc.status.PERMISSION_DENIED,
  not_found: grpc.status.NOT_FOUND,
  conflict: grpc.status.ABORTED,
  payload_too_large: grpc.status.RESOURCE_EXHAUSTED,
  rate_limited: grpc.status.RESOURCE_EXHAUSTED,
  dependency_unavailable: grpc.status.UNAVAILABLE,
};

/** Marks a request whose bytes are no message of the method's type (grpc-js would answer INTERNAL). */
const MALFORMED = Symbol('malformed request');
type Malformed = { [MALFORMED]: string };

/** The service with each method's decoder kept from throwing: bad bytes become a value the handler refuses. */
function tolerantDecoding(service: grpc.ServiceDefinition): grpc.ServiceDefinition {
  return Object.fromEntries(
    Object.entries(service).map(([name, method]) => [
      name,
      {
        ...method,
        requestDeserialize: (bytes: Buffer) => {
          try {
            return method.requestDeserialize(bytes);
          } catch (error) {
            return { [MALFORMED]: String((error as Error)?.message ?? error) } satisfies Malformed;
          }
        },
      },
    ]),
  );
}

/** The request as the handler may see it: a message that decoded, holding only text a table can store. */
function checkedRequest(request: unknown): unknown {
  if (request && typeof request === 'object' && MALFORMED in request) {
    throw new ValidationError(
      `the request is not a valid protobuf message of this method: ${(request as Malformed)[MALFORMED]}`,
    );
  }
  const issues = unstorableInputIssues(request, '');
  if (issues.length > 0)
    throw new ValidationError('the request holds text that cannot be stored', issues);
  return request;
}

/** What a caller reads in `details`: the message, and for bad input each field's path and reason. */
function details(error: MnemoError): string {
  if (!(error instanceof ValidationError) || error.issues.length === 0) return error.message;
  const issues = error.issues.map(
    (i) =>
      `${'index' in i && typeof i.index === 'number' ? `events[${i.index}].` : ''}${i.path}: ${i.reason}`,
  );
  return `${error.message}: ${issues.join('; ')}`;
}

/**
 * gRPC beside the HTTP gateway, on MNEMO_GRPC_PORT: each service contributes its binding; every call
 * carries the account's API key as metadata `authorization: Bearer <key>`, as HTTP does.
 */
export async function startGrpcGateway(
  app: INestApplication,
  bindings: readonly GrpcBinding[],
  options: { port: number; host: string; maxMessageBytes: number },
  logger: Logger,
): Promise<GrpcGateway> {
  const accounts = app.get<string, AccountLookup>(ACCOUNT_LOOKUP, { strict: false });

  const authenticate = async (metadata: grpc.Metadata): Promise<string> => {
    const header = metadata.get('authorization')[0];
    const key = typeof header === 'string' ? bearerKey(header) : null;
    if (!key)
      throw new MnemoError(
        'unauthorized',
        'a valid API key is required as metadata "authorization: Bearer <key>"',
      );
    const accountId = await accounts.accountForKey(key);
    if (!accountId) throw new MnemoError('unauthorized', 'the API key is not valid');
    return accountId;
  };

  const unary =
    (run: (accountId: string, request: unknown) => Promise<unknown>) =>
    (call: grpc.ServerUnaryCall<unknown, unknown>, callback: grpc.sendUnaryData<unknown>): void => {
      authenticate(call.metadata)
        .then((accountId) => run(accountId, checkedRequest(call.request)))
        .then((reply) => callback(null, reply))
        .catch((thrown: unknown) => {
          // As over HTTP (503): the log and cache adapters name themselves; a lost connection that arrives bare
          // came from the database driver (the account lookup, a read model).
          const error = asDependencyError(thrown, 'database');
          const code =
            error instanceof MnemoError
              ? (STATUS_BY_CODE[error.code] ?? grpc.status.INTERNAL)
              : grpc.status.INTERNAL;
          if (code === grpc.status.INTERNAL)
            logger.error({ err: String((error as Error)?.message ?? error) }, 'gRPC call failed');
          callback({
            code,
            details:
              code === grpc.status.INTERNAL ? 'internal error' : details(error as MnemoError),
          });
        });
    };

  const server = new grpc.Server({
    'grpc.max_receive_message_length': options.maxMessageBytes,
  });
  for (const binding of bindings) {
    const definition = protoLoader.loadSync(binding.protoFile, binding.loaderOptions);
    const service = (definition[binding.service] as grpc.ServiceDefinition | undefined) ?? null;
    if (!service) throw new Error(`${binding.protoFile} has no service ${binding.service}`);
    const handlers = Object.fromEntries(
      Object.entries(binding.methods(app)).map(([name, run]) => [name, unary(run)]),
    );
    server.addService(tolerantDecoding(service), handlers);
  }
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(
      `${options.host}:${options.port}`,
      grpc.ServerCredentials.createInsecure(),
      // grpc-js says only "No address added out of total 1 resolved": name the address and its setting
      (error, bound) =>
        error
          ? reject(
              new Error(
                `the gRPC gateway cannot listen on ${options.host}:${options.port} (MNEMO_GRPC_PORT): ` +
                  `the port is taken or not allowed; set MNEMO_GRPC_PORT to a free port (${error.message})`,
                { cause: error },
              ),
            )
          : resolve(bound),
    ),
  );
  logger.info({ port, services: bindings.map((b) => b.service) }, 'gRPC gateway listening');
  return {
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.tryShutdown(() => resolve());
        setTimeout(() => server.forceShutdown(), 2_000).unref();
      }),
  };
}
