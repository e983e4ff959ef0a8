// Requests generated from the contract's own schemas (fast-check), for the tenant-isolation fuzzer:
// mostly valid values, so a request gets past validation to the part that decides whose data it
// touches, with every uuid and meeting code drawn from a pool of another tenant's real ids.
import fc from 'fast-check';
import { resolvePointer, type OpenApiDocument } from '../../src/kernel/http/openapi.ts';

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  'x-id-kind'?: string;
};

/** What a generated id or code may be: the other tenant's real ones, mostly. */
export type IdPool = { uuids: string[]; meetingCodes: string[] };

export type ArbitraryContext = { spec: OpenApiDocument; pool: IdPool };

const depthLimit = 6;

function resolve(context: ArbitraryContext, schema: Schema): Schema {
  let current = schema;
  for (let depth = 0; current.$ref; depth += 1) {
    if (depth > 20) throw new Error('Circular $ref');
    current = resolvePointer(context.spec, current.$ref) as Schema;
  }
  return current;
}

const isMeetingCodeRef = (schema: Schema) => schema.$ref?.endsWith('/MeetingCode') === true;

/** An arbitrary value for `schema`: valid by construction except where a pattern is too rich to follow. */
export function arbitraryFor(context: ArbitraryContext, raw: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (isMeetingCodeRef(raw) && context.pool.meetingCodes.length > 0) return fc.constantFrom(...context.pool.meetingCodes);
  const schema = resolve(context, raw);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.allOf) return arbitraryFor(context, Object.assign({}, ...schema.allOf.map((part) => resolve(context, part))) as Schema, depth);
  const choices = schema.oneOf ?? schema.anyOf;
  if (choices) return fc.oneof(...choices.map((choice) => arbitraryFor(context, choice, depth)));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : schema.properties ? ['object'] : ['string'];
  const nonNull = types.filter((type) => type !== 'null');
  const main = byType(context, schema, nonNull[0] ?? 'null', depth);
  return types.includes('null') ? fc.oneof({ weight: 4, arbitrary: main }, { weight: 1, arbitrary: fc.constant(null) }) : main;
}

function byType(context: ArbitraryContext, schema: Schema, type: string, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: schema.minimum ?? 0, max: schema.maximum ?? 1000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? 0, max: schema.maximum ?? 1000, noNaN: true });
    case 'array': {
      if (depth >= depthLimit || !schema.items) return fc.constant([]);
      return fc.array(arbitraryFor(context, schema.items, depth + 1), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 3, 3) });
    }
    case 'object': {
      if (depth >= depthLimit) return fc.constant({});
      const required = new Set(schema.required ?? []);
      const entries = Object.entries(schema.properties ?? {});
      const model = Object.fromEntries(entries.map(([name, property]) => [name, arbitraryFor(context, property, depth + 1)]));
      return fc.record(model, { requiredKeys: entries.map(([name]) => name).filter((name) => required.has(name)) });
    }
    default:
      return stringFor(context, schema);
  }
}

function stringFor(context: ArbitraryContext, schema: Schema): fc.Arbitrary<string> {
  const { uuids } = context.pool;
  switch (schema.format) {
    case 'uuid':
      // Mostly the other tenant's ids, sometimes one nobody has.
      return uuids.length > 0 ? fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...uuids) }, { weight: 1, arbitrary: fc.uuid({ version: 4 }) }) : fc.uuid({ version: 4 });
    case 'date-time':
      return fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString());
    case 'date':
      return fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
    case 'email':
      return fc.emailAddress();
    case 'uri':
      return fc.constantFrom('https://example.com/a', 'https://acme.example/callback');
    default:
      break;
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 40, 40);
  const matching = schema.pattern ? patternArbitrary(schema.pattern, minLength, schema.maxLength ?? Infinity) : null;
  if (matching) return matching;
  return fc.string({ minLength, maxLength: Math.max(minLength, maxLength) });
}

/**
 * Strings matching `pattern` within the length bounds, or null when fast-check cannot follow the
 * pattern (lookaheads): then a plain string stands in, and the request is bad input, which is fine.
 */
function patternArbitrary(pattern: string, minLength: number, maxLength: number): fc.Arbitrary<string> | null {
  try {
    const strings = fc.stringMatching(new RegExp(pattern, 'u'));
    fc.sample(strings, 1);
    // Repeating a too-short match keeps most patterns (a character class with +) and never loops,
    // as filtering for length would on a pattern that rarely yields long strings.
    return strings.map((value) => {
      const long = value.length >= minLength || value === '' ? value : value.repeat(Math.ceil(minLength / value.length));
      return long.length > maxLength ? long.slice(0, maxLength) : long;
    });
  } catch {
    return null;
  }
}
