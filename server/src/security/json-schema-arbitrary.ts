/**
 * fast-check arbitraries from the JSON Schemas of the OpenAPI document (which the route zod schemas become), for the
 * schema-driven fuzzing of every route. Covers what our schemas use: object, string (minLength, maxLength, pattern,
 * format email/date-time/date/uuid), number and integer (minimum/maximum, both exclusive styles), boolean, null, array,
 * enum, const, anyOf/oneOf/allOf, nullable and type lists. `mixed` mode mostly follows the schema but also breaks it
 * (wrong types, missing or extra keys, hostile strings), so both the validator and the handlers behind it are probed.
 */
import fc from 'fast-check';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
};

export type Mode = 'valid' | 'mixed';

/** Values that break most schemas or probe handlers: wrong types, edge numbers, hostile and huge strings. */
export const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    '',
    ' ',
    '0',
    '-1',
    'null',
    'undefined',
    'NaN',
    '__proto__',
    'constructor',
    "' OR 1=1 --",
    '../../etc/passwd',
    '%00',
    '\u0000',
    '\u202e\u0301😀',
    '9999-99-99',
    '2024-02-30',
    '0000-00-00T00:00:00Z',
    'x'.repeat(5000),
    0,
    -1,
    -0,
    1e308,
    -1e308,
    2 ** 31,
    2 ** 53,
    0.5,
    true,
    false,
    [],
    {},
  ),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 10 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

const typesOf = (s: JsonSchema): string[] => {
  if (Array.isArray(s.type)) return s.type;
  if (s.type) return [s.type];
  if (s.properties) return ['object'];
  if (s.items) return ['array'];
  return [];
};

function stringArb(s: JsonSchema): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? Math.max(min + 40, 40);
  const fits = (v: string) => v.length >= min && v.length <= max;
  let base: fc.Arbitrary<string>;
  if (s.pattern) {
    base = fc.stringMatching(new RegExp(s.pattern));
  } else if (s.format === 'email') {
    base = fc.emailAddress();
  } else if (s.format === 'date-time') {
    base = fc
      .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString());
  } else if (s.format === 'date') {
    base = fc
      .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  } else if (s.format === 'uuid') {
    base = fc.uuid();
  } else {
    const cap = Math.min(max, min + 60);
    return fc.oneof(
      fc.string({ minLength: min, maxLength: cap }),
      fc.string({ unit: 'grapheme', minLength: min, maxLength: cap }),
    );
  }
  // A pattern or format rarely meets the length bounds by chance when they are tight; pad or cut to fit.
  return base.map((v) => (fits(v) ? v : v.length > max ? v.slice(0, max) : v.padEnd(min, 'a')));
}

function numberArb(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const exMin = typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : undefined;
  const exMax = typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum : undefined;
  let min = s.minimum ?? exMin ?? (integer ? -1_000_000 : -1e9);
  let max = s.maximum ?? exMax ?? (integer ? 1_000_000_000 : 1e9);
  const minExclusive = s.exclusiveMinimum === true || exMin !== undefined;
  const maxExclusive = s.exclusiveMaximum === true || exMax !== undefined;
  if (integer) {
    min = Math.max(Math.ceil(minExclusive ? min + 1 : min), Number.MIN_SAFE_INTEGER);
    max = Math.min(Math.floor(maxExclusive ? max - 1 : max), Number.MAX_SAFE_INTEGER);
    if (max < min) return fc.constant(min);
    // Small values hit real rows; the full range probes overflow.
    return fc.oneof(
      { weight: 3, arbitrary: fc.integer({ min, max: Math.min(max, min + 200) }) },
      { weight: 1, arbitrary: fc.constantFrom(min, max) },
      { weight: 1, arbitrary: fc.integer({ min, max }) },
    );
  }
  return fc.double({
    min,
    max,
    noNaN: true,
    noDefaultInfinity: true,
    minExcluded: minExclusive,
    maxExcluded: maxExclusive,
  });
}

/** An arbitrary of the values `schema` describes; `mixed` also yields values that break it. */
export function arbitraryOf(schema: JsonSchema, mode: Mode = 'mixed'): fc.Arbitrary<unknown> {
  const valid = validArb(schema, mode);
  if (mode === 'valid') return valid;
  return fc.oneof({ weight: 5, arbitrary: valid }, { weight: 1, arbitrary: junk });
}

function validArb(s: JsonSchema, mode: Mode): fc.Arbitrary<unknown> {
  const inner = (sub: JsonSchema) => arbitraryOf(sub, mode);
  let arb = baseArb(s, mode, inner);
  if (s.nullable || (Array.isArray(s.type) && s.type.includes('null'))) arb = fc.oneof(arb, fc.constant(null));
  return arb;
}

function baseArb(s: JsonSchema, mode: Mode, inner: (sub: JsonSchema) => fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => validArb(a, mode)));
  if (s.allOf?.length) {
    const merged: JsonSchema = {};
    for (const part of s.allOf) {
      Object.assign(merged, part, {
        properties: { ...merged.properties, ...part.properties },
        required: [...(merged.required ?? []), ...(part.required ?? [])],
      });
    }
    return validArb(merged, mode);
  }
  const types = typesOf(s).filter((t) => t !== 'null');
  if (types.length > 1) return fc.oneof(...types.map((t) => baseArb({ ...s, type: t }, mode, inner)));
  switch (types[0]) {
    case 'string':
      return stringArb(s);
    case 'integer':
      return numberArb(s, true);
    case 'number':
      return numberArb(s, false);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(s.items ? inner(s.items) : fc.jsonValue({ maxDepth: 1 }), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 5, (s.minItems ?? 0) + 5),
      });
    case 'object':
      return objectArb(s, mode, inner);
    case undefined:
      return fc.jsonValue({ maxDepth: 2 });
    default:
      return fc.constant(null);
  }
}

function objectArb(
  s: JsonSchema,
  mode: Mode,
  inner: (sub: JsonSchema) => fc.Arbitrary<unknown>,
): fc.Arbitrary<unknown> {
  const props = s.properties ?? {};
  const required = (s.required ?? []).filter((k) => k in props);
  const model = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, inner(v)]));
  let arb: fc.Arbitrary<Record<string, unknown>> = fc.record(model, { requiredKeys: required });
  if (typeof s.additionalProperties === 'object') {
    const keys = s.propertyNames ? stringArb(s.propertyNames) : fc.string({ minLength: 1, maxLength: 10 });
    const extra = fc.dictionary(keys, inner(s.additionalProperties), {
      maxKeys: 4,
    });
    arb = fc.tuple(arb, extra).map(([known, more]) => ({ ...more, ...known }));
  }
  if (mode === 'valid') return arb;
  // Break the object's shape now and then: a required key missing, or an unknown key added.
  return fc.oneof(
    { weight: 6, arbitrary: arb },
    {
      weight: 1,
      arbitrary: fc.tuple(arb, fc.constantFrom(...(required.length ? required : ['-']))).map(([o, drop]) => {
        const { [drop]: _dropped, ...rest } = o;
        return rest;
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(arb, fc.constantFrom('__proto__', 'constructor', 'extra', 'id', 'customer_id', 'vcCustomerID'), junk)
        .map(([o, k, v]) => ({ ...o, [k]: v })),
    },
  );
}
