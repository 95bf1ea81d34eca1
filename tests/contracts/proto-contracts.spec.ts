import path from 'node:path';
import protobuf from 'protobufjs';
import { z } from 'zod';
import { EventEnvelopeBase, eventPayloads, producerEventTypes, ToolCall } from '@mnemo/contracts';

const root = protobuf.loadSync(path.join(__dirname, '../../proto/mnemo/v1/events.proto'));
const message = (name: string) => root.lookupType(`mnemo.v1.${name}`);
const isProto3Optional = (f: protobuf.Field) => f.options?.proto3_optional === true;
const SCALARS: Record<string, string> = {
  string: 'string',
  int32: 'int',
  int64: 'int',
  double: 'number',
  bool: 'boolean',
};

/** What proto field shape a zod schema needs: scalar type, repeated or not, optional or not. */
function expected(schema: z.ZodType): { type: string; repeated: boolean; optional: boolean } {
  let s = schema as unknown as { _zod: { def: any } } & { isInt?: boolean };
  let optional = false;
  for (;;) {
    const def = s._zod.def;
    if (def.type === 'optional') optional = true;
    if (def.type === 'optional' || def.type === 'default') s = def.innerType;
    else break;
  }
  const def = s._zod.def;
  if (def.type === 'array') return { ...expected(def.element), repeated: true, optional: false };
  // A string-keyed record is a proto map: protobufjs reports the map's value type, not repeated.
  if (def.type === 'record')
    return { ...expected(def.valueType), repeated: false, optional: false };
  const type =
    def.type === 'string' || def.type === 'enum'
      ? 'string'
      : def.type === 'number'
        ? s.isInt
          ? 'int'
          : 'number'
        : def.type === 'boolean'
          ? 'boolean'
          : def.type === 'object'
            ? 'message'
            : `unmapped zod type ${def.type}`;
  return { type, repeated: false, optional };
}

function expectAgreement(protoName: string, schema: z.ZodObject) {
  const fields = message(protoName).fieldsArray.filter((f) => !f.partOf || isProto3Optional(f));
  const protoShape = Object.fromEntries(
    fields.map((f) => [
      f.name,
      { type: SCALARS[f.type] ?? 'message', repeated: f.repeated, optional: isProto3Optional(f) },
    ]),
  );
  const zodShape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, value]) => [key, expected(value as z.ZodType)]),
  );
  expect({ message: protoName, fields: protoShape }).toEqual({
    message: protoName,
    fields: zodShape,
  });
}

describe('proto/mnemo/v1/events.proto agrees with libs/contracts', () => {
  it('mirrors the envelope field by field (the payload is the oneof)', () => {
    const { payload: _payload, ...envelope } = EventEnvelopeBase.shape;
    expectAgreement('EventEnvelope', z.object(envelope));
  });

  it.each(producerEventTypes.map((type) => [type]))('mirrors %s field by field', (type) => {
    expectAgreement(type, eventPayloads[type] as z.ZodObject);
  });

  it('mirrors the tool call of a turn', () => {
    expectAgreement('ToolCall', ToolCall);
  });

  it('offers every producer event type in the envelope oneof', () => {
    const oneof = (message('EventEnvelope').oneofs.payload?.fieldsArray ?? []).map((f) => f.type);
    expect(oneof.sort()).toEqual([...producerEventTypes].sort());
  });
});
