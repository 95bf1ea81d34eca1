import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import type { INestApplication } from '@nestjs/common';
import { DependencyError } from '@mnemo/contracts';
import type { AccountLookup } from '@mnemo/http-edge';
import { EVENTS_PROTO, ingestGrpcBinding } from '../api/ingest-grpc.binding';
import { startGrpcGateway, type GrpcGateway } from './grpc-gateway';

/** A unary method of a client made by grpc-js from the proto: request, metadata, callback. */
type UnaryCall = (
  request: object,
  metadata: grpc.Metadata,
  callback: (error: grpc.ServiceError | null, reply: unknown) => void,
) => void;

const silent = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

/** The gRPC edge on a loopback port, its one method answering with whatever `outcome` does. */
describe('the gRPC edge maps errors as the HTTP edge does', () => {
  let outcome: () => Promise<unknown>;
  let lookup: AccountLookup['accountForKey'];
  let gateway: GrpcGateway;
  let client: grpc.Client & { ingest: UnaryCall };

  beforeAll(async () => {
    const app = {
      get: () => ({ accountForKey: (key: string) => lookup(key) }),
    } as unknown as INestApplication;
    const binding = { ...ingestGrpcBinding, methods: () => ({ ingest: () => outcome() }) };
    gateway = await startGrpcGateway(
      app,
      [binding],
      { port: 0, host: '127.0.0.1', maxMessageBytes: 1 << 20 },
      silent,
    );
    const proto = grpc.loadPackageDefinition(
      protoLoader.loadSync(EVENTS_PROTO, ingestGrpcBinding.loaderOptions),
    ) as any;
    client = new proto.mnemo.v1.IngestService(
      `127.0.0.1:${gateway.port}`,
      grpc.credentials.createInsecure(),
    );
  });
  beforeEach(() => {
    lookup = async () => 'acct';
  });
  afterAll(async () => {
    client?.close();
    await gateway?.stop();
  });

  const call = () =>
    new Promise<grpc.ServiceError | null>((resolve) => {
      const metadata = new grpc.Metadata();
      metadata.set('authorization', 'Bearer mnemo_key');
      client.ingest({ events: [] }, metadata, (error: grpc.ServiceError | null) => resolve(error));
    });

  it.each([
    [
      'a dependency error of the log',
      () => Promise.reject(new DependencyError('log', 'NATS did not answer')),
      grpc.status.UNAVAILABLE,
      'log: NATS did not answer',
    ],
    [
      'a lost database connection, bare from the driver',
      () => Promise.reject(refused()),
      grpc.status.UNAVAILABLE,
      'database: connect ECONNREFUSED 127.0.0.1:5432',
    ],
    [
      'a bug of ours',
      () => Promise.reject(new TypeError("Cannot read properties of undefined (reading 'x')")),
      grpc.status.INTERNAL,
      'internal error',
    ],
  ])('answers %s with its status and reason', async (_name, fails, code, details) => {
    outcome = fails;
    await expect(call()).resolves.toMatchObject({ code, details });
  });

  it('answers UNAVAILABLE when the account lookup cannot reach the database', async () => {
    lookup = () => Promise.reject(refused());
    await expect(call()).resolves.toMatchObject({
      code: grpc.status.UNAVAILABLE,
      details: 'database: connect ECONNREFUSED 127.0.0.1:5432',
    });
  });

  it('names MNEMO_GRPC_PORT when its port is taken', async () => {
    const app = {
      get: () => ({ accountForKey: async () => 'acct' }),
    } as unknown as INestApplication;
    await expect(
      startGrpcGateway(
        app,
        [ingestGrpcBinding],
        { port: gateway.port, host: '127.0.0.1', maxMessageBytes: 1 << 20 },
        silent,
      ),
    ).rejects.toThrow(/127\.0\.0\.1:\d+ \(MNEMO_GRPC_PORT\): the port is taken/);
  });
});
