import fc from 'fast-check';

/** The JSON Schema subset zod 4's `z.toJSONSchema` writes for our contracts (and MCP tools list). */
export type JsonSchema = Record<string, any>;

const SHORT = 24;

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength: number = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? minLength + SHORT, minLength + SHORT);
  const fits = (s: string) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity);
  if (schema.format === 'date-time')
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString());
  if (schema.format === 'date')
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  if (schema.format === 'uuid') return fc.uuid({ version: 4 });
  if (typeof schema.pattern === 'string')
    return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  return fc.string({ minLength, maxLength });
}

function numberFor(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lower = Math.max(
    schema.minimum ?? -1000,
    schema.exclusiveMinimum !== undefined
      ? schema.exclusiveMinimum + (integer ? 1 : 1e-9)
      : -Infinity,
  );
  const upper = Math.min(
    schema.maximum ?? 1000,
    schema.exclusiveMaximum !== undefined
      ? schema.exclusiveMaximum - (integer ? 1 : 1e-9)
      : Infinity,
  );
  // Keep near the lower bound mostly, with the bounds themselves in play.
  const max = Math.min(upper, lower + 1000);
  return integer
    ? fc.oneof(fc.integer({ min: lower, max }), fc.constantFrom(lower, upper))
    : fc.double({ min: lower, max, noNaN: true, noDefaultInfinity: true });
}

/**
 * Values the schema accepts, kept small (strings ≤ 24 characters over the minimum, arrays ≤ 3 items):
 * the valid base that the fuzz then breaks one field of, so requests reach past the edge's parsing.
 */
export function validValue(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema || typeof schema !== 'object') return fc.jsonValue({ maxDepth: 2 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  const variants: JsonSchema[] | undefined = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((variant) => validValue(variant)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringFor(schema);
    case 'integer':
      return numberFor(schema, true);
    case 'number':
      return numberFor(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength: number = schema.minItems ?? 0;
      return fc.array(validValue(schema.items), {
        minLength,
        maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 3, 3)),
      });
    }
    case 'object': {
      const properties: Record<string, JsonSchema> = schema.properties ?? {};
      const required: string[] = schema.required ?? [];
      const record = fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([key, property]) => [key, validValue(property)]),
        ),
        { requiredKeys: required.filter((key) => key in properties) },
      );
      if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
        const extra = fc.dictionary(
          fc.string({ minLength: 1, maxLength: 12 }),
          validValue(schema.additionalProperties),
          { maxKeys: 3 },
        );
        return fc.tuple(record, extra).map(([known, more]) => ({ ...more, ...known }));
      }
      return record;
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
