import fc from 'fast-check';
import * as grpc from '@grpc/grpc-js';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import protobuf from 'protobufjs';
import { hostileString, mutate } from './hostile.arbitrary';
import { validEvent } from './http-fuzz';

export const PROTO_DIR = path.resolve(__dirname, '../../../proto/mnemo/v1');

export interface RpcMethod {
  /** `/mnemo.v1.IngestService/Ingest` */
  path: string;
  request: protobuf.Type;
}

/** Every RPC the .proto files declare: a method added there is fuzzed without a change here. */
export function rpcMethods(): RpcMethod[] {
  const root = protobuf.loadSync(
    readdirSync(PROTO_DIR)
      .filter((f) => f.endsWith('.proto'))
      .map((f) => path.join(PROTO_DIR, f)),
  );
  root.resolveAll();
  const methods: RpcMethod[] = [];
  const visit = (namespace: protobuf.NamespaceBase) => {
    for (const nested of namespace.nestedArray) {
      if (nested instanceof protobuf.Service) {
        for (const method of nested.methodsArray)
          methods.push({
            path: `/${nested.fullName.slice(1)}/${method.name}`,
            request: method.resolvedRequestType!,
          });
      } else if (nested instanceof protobuf.Namespace) visit(nested);
    }
  };
  visit(root);
  return methods;
}

const SCALARS: Record<string, fc.Arbitrary<unknown>> = {
  string: fc.oneof(fc.string({ maxLength: 20 }), hostileString),
  bool: fc.boolean(),
  int32: fc.oneof(
    fc.integer({ min: 0, max: 100 }),
    fc.constantFrom(-1, 0, 2 ** 31 - 1, -(2 ** 31)),
  ),
  int64: fc.integer({ min: -1000, max: 1000 }),
  uint32: fc.nat({ max: 1000 }),
  double: fc.double({ noNaN: true }),
  bytes: fc.uint8Array({ maxLength: 20 }),
};

/** A message of this type, field by field from the .proto's reflection (one oneof case set at most). */
function messageOf(type: protobuf.Type, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const oneofFields = new Set(type.oneofsArray.flatMap((o) => o.fieldsArray.map((f) => f.name)));
  const field = (f: protobuf.Field): fc.Arbitrary<unknown> => {
    const single =
      f.resolvedType instanceof protobuf.Type
        ? depth > 3
          ? fc.constant({})
          : messageOf(f.resolvedType, depth + 1)
        : (SCALARS[f.type] ?? fc.constant(undefined));
    if (f instanceof protobuf.MapField)
      return fc.dictionary(fc.string({ maxLength: 10 }), single, { maxKeys: 3 });
    return f.repeated ? fc.array(single, { maxLength: 3 }) : single;
  };
  const plain = type.fieldsArray.filter((f) => !oneofFields.has(f.name));
  const oneofs = type.fieldsArray.filter((f) => oneofFields.has(f.name));
  const base = fc.record(Object.fromEntries(plain.map((f) => [f.name, field(f)])), {
    requiredKeys: [],
  });
  if (oneofs.length === 0) return base;
  return fc
    .tuple(base, fc.option(fc.constantFrom(...oneofs)))
    .chain(([values, chosen]) =>
      chosen ? field(chosen).map((v) => ({ ...values, [chosen.name]: v })) : fc.constant(values),
    );
}

/** A producer event as proto3 JSON names it: the payload under its oneof case (`turnRecorded`). */
const protoEvent = validEvent.map(({ payload, type, ...envelope }) => ({
  ...envelope,
  type,
  [String(type).charAt(0).toLowerCase() + String(type).slice(1)]: payload,
}));

/** Messages that pass as far as the method's own checks, for the RPCs whose requests need more than reflection. */
function plausibleMessage(method: RpcMethod): fc.Arbitrary<Record<string, unknown>> {
  if (method.request.name === 'IngestRequest')
    return fc.array(protoEvent, { minLength: 1, maxLength: 3 }).map((events) => ({ events }));
  return messageOf(method.request);
}

export interface RpcFuzz {
  bytes: Buffer;
  what: string;
  key: 'valid' | 'garbled' | 'missing';
}

/** Bytes for one call: a message with one field broken, or bytes that are no message at all. */
export function rpcRequests(method: RpcMethod): fc.Arbitrary<RpcFuzz> {
  const encode = (value: unknown): Buffer | null => {
    try {
      return Buffer.from(
        method.request.encode(method.request.fromObject(value as Record<string, unknown>)).finish(),
      );
    } catch {
      return null; // a wrong type protobufjs cannot coerce: such a message cannot be written on the wire
    }
  };
  const message = plausibleMessage(method)
    .chain((valid) => mutate(valid))
    .map((m) => ({ what: m.what, value: m.value }));
  const bytes = fc
    .tuple(
      message,
      fc.nat(),
      fc.uint8Array({ maxLength: 64 }),
      fc.constantFrom('as is', 'truncated', 'flipped', 'garbage after', 'random'),
    )
    .map(([m, at, noise, how]) => {
      const encoded = encode(m.value) ?? Buffer.alloc(0);
      const where = encoded.length ? at % encoded.length : 0;
      switch (how) {
        case 'as is':
          return { bytes: encoded, what: `${m.what}: ${JSON.stringify(m.value)?.slice(0, 300)}` };
        case 'truncated':
          return { bytes: encoded.subarray(0, where), what: `truncated at ${where}` };
        case 'flipped': {
          const copy = Buffer.from(encoded);
          if (where < copy.length) copy.writeUInt8(copy.readUInt8(where) ^ 0xff, where);
          return { bytes: copy, what: `byte ${where} flipped` };
        }
        case 'garbage after':
          return {
            bytes: Buffer.concat([encoded, Buffer.from(noise)]),
            what: 'garbage after the message',
          };
        default:
          return {
            bytes: Buffer.from(noise),
            what: `random bytes ${Buffer.from(noise).toString('hex')}`,
          };
      }
    });
  const key = fc.oneof(
    { weight: 8, arbitrary: fc.constant('valid' as const) },
    fc.constantFrom('garbled' as const, 'missing' as const),
  );
  return fc.tuple(bytes, key).map(([b, k]) => ({ ...b, key: k }));
}

/** One unary call with raw bytes in and out, so malformed messages reach the server as sent. */
export function callRaw(
  client: grpc.Client,
  method: string,
  bytes: Buffer,
  metadata: grpc.Metadata,
): Promise<{ code: grpc.status; details: string }> {
  return new Promise((resolve) => {
    client.makeUnaryRequest(
      method,
      (b: Buffer) => b,
      (b: Buffer) => b,
      bytes,
      metadata,
      { deadline: Date.now() + 15_000 },
      (error: grpc.ServiceError | null) =>
        resolve(
          error
            ? { code: error.code, details: error.details }
            : { code: grpc.status.OK, details: '' },
        ),
    );
  });
}
