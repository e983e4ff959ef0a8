// Request and response validation against the contract's own schemas with Ajv2020, the dialect of
// OpenAPI 3.1. A request that does not fit gives one field error per failing field whose `code` is
// the failing property's `x-error-code` (e.g. `invalid_email`), else `required`, `too_long` or
// `invalid_value`, so a client can show the contract's message per field. Plain data only: what
// to answer with it (the server's 400 `validation_failed` problem) is the caller's business.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { resolvePointer, type JsonSchema, type OpenApiDocument, type OperationSpec } from './openapi.ts';

/** One failing field of a request: `field` is its dotted path (`roles.0`) or the part (`body`, `querystring`, `params`). */
export type FieldError = { field: string; code: string; message: string };

/** Every `#/components/schemas/X` becomes `portal.json#/$defs/X`: one shared schema for Ajv and a serialiser. */
export const sharedSchemaId = 'portal.json';

/** A copy of `node` whose `#/components/schemas/X` refs point into the shared schema (`sharedSchemaId`). */
export function toSharedRefs<T>(node: T): T {
  if (Array.isArray(node)) return node.map((item) => toSharedRefs(item)) as T;
  if (node === null || typeof node !== 'object') return node;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    result[key] =
      key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')
        ? `${sharedSchemaId}#/$defs/${value.slice('#/components/schemas/'.length)}`
        : toSharedRefs(value);
  }
  return result as T;
}

/** The contract's component schemas as one schema (`$id` `sharedSchemaId`), for `addSchema` of Ajv or a serialiser. */
export function sharedSchema(spec: OpenApiDocument): JsonSchema {
  return { $id: sharedSchemaId, $defs: toSharedRefs(spec.components.schemas) };
}

type AjvMode = 'body' | 'parameters' | 'response';

function createAjv(spec: OpenApiDocument, mode: AjvMode): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: mode !== 'response',
    strict: true,
    allowUnionTypes: true,
    // Query strings arrive as text; bodies and responses must already have the right JSON types.
    coerceTypes: mode === 'parameters',
    useDefaults: mode !== 'response',
  });
  addFormats.default(ajv);
  ajv.addKeyword({ keyword: 'x-error-code', schemaType: 'string' });
  ajv.addSchema(sharedSchema(spec));
  return ajv;
}

type SchemaNode = Record<string, unknown>;

function derefNode(spec: OpenApiDocument, node: unknown): SchemaNode | undefined {
  let current = node;
  for (let depth = 0; current && typeof current === 'object' && typeof (current as SchemaNode).$ref === 'string'; depth++) {
    if (depth > 20) return undefined;
    current = resolvePointer(spec, (current as { $ref: string }).$ref);
  }
  return current && typeof current === 'object' ? (current as SchemaNode) : undefined;
}

/** The `x-error-code` a schema node declares, on itself, its `$ref` target or an `allOf` member. */
function errorCodeOf(spec: OpenApiDocument, node: unknown, depth = 0): string | undefined {
  if (!node || typeof node !== 'object' || depth > 10) return undefined;
  const own = (node as SchemaNode)['x-error-code'];
  if (typeof own === 'string') return own;
  const ref = (node as SchemaNode).$ref;
  if (typeof ref === 'string') return errorCodeOf(spec, resolvePointer(spec, ref), depth + 1);
  for (const member of ((node as SchemaNode).allOf as unknown[] | undefined) ?? []) {
    const code = errorCodeOf(spec, member, depth + 1);
    if (code) return code;
  }
  return undefined;
}

function childSchema(spec: OpenApiDocument, node: unknown, key: string, depth = 0): unknown {
  const schema = derefNode(spec, node);
  if (!schema || depth > 10) return undefined;
  const properties = schema.properties as Record<string, unknown> | undefined;
  if (properties && Object.hasOwn(properties, key)) return properties[key];
  if (/^\d+$/.test(key) && schema.items && typeof schema.items === 'object') return schema.items;
  for (const member of (schema.allOf as unknown[] | undefined) ?? []) {
    const found = childSchema(spec, member, key, depth + 1);
    if (found) return found;
  }
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') return schema.additionalProperties;
  return undefined;
}

/** The deepest `x-error-code` on the way from the root schema to the failing value. */
function errorCodeAt(spec: OpenApiDocument, root: JsonSchema, segments: string[]): string | undefined {
  let node: unknown = root;
  let code = errorCodeOf(spec, node);
  for (const segment of segments) {
    node = childSchema(spec, node, segment);
    if (!node) break;
    code = errorCodeOf(spec, node) ?? code;
  }
  return code;
}

const tooLongKeywords = new Set(['maxLength', 'maxItems', 'maxProperties']);

/** Ajv's errors for a value of schema `root` as field errors, one per field; `part` names the value itself. */
export function toFieldErrors(spec: OpenApiDocument, root: JsonSchema, errors: readonly ErrorObject[], part: string): FieldError[] {
  const result: FieldError[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    const segments = error.instancePath
      .split('/')
      .slice(1)
      .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
    let code: string;
    if (error.keyword === 'required') {
      segments.push(String(error.params.missingProperty));
      code = 'required';
    } else if (error.keyword === 'additionalProperties') {
      segments.push(String(error.params.additionalProperty));
      code = 'invalid_value';
    } else {
      code = errorCodeAt(spec, root, segments) ?? (tooLongKeywords.has(error.keyword) ? 'too_long' : 'invalid_value');
    }
    const field = segments.join('.') || part;
    if (seen.has(field)) continue;
    seen.add(field);
    result.push({ field, code, message: `${field} ${error.message ?? 'is invalid'}` });
  }
  return result;
}

/** The part of a request a validator checks: its body, its query (text, coerced) or its path parameters. */
export type RequestPart = 'body' | 'querystring' | 'params';

/**
 * A validator of one request part: the field errors of `data`, [] when it fits. It fills the
 * schemas' defaults into `data` and, for the query and path, coerces their text to the declared
 * types in place. An absent body (`null` or `undefined`) fits unless the body is required.
 */
export type RequestValidator = (data: unknown) => FieldError[];

export type SpecValidators = {
  spec: OpenApiDocument;
  /** The validator of one request part of an operation, for the body's media type (default `application/json`). */
  request: (operation: OperationSpec, part: RequestPart, mediaType?: string) => RequestValidator;
  /** What is wrong with a response body against the operation's schema for that status, or [] when it matches. */
  response: (operation: OperationSpec, status: number, body: unknown, mediaType?: string) => string[];
};

function parametersSchema(operation: OperationSpec, location: 'query' | 'path'): JsonSchema {
  const parameters = operation.parameters.filter((p) => p.in === location);
  return {
    type: 'object',
    properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema])),
    required: parameters.filter((p) => p.required).map((p) => p.name),
  };
}

/** Request and response validators for the operations of `spec` (see `listOperations`). */
export function createSpecValidators(spec: OpenApiDocument): SpecValidators {
  const bodyAjv = createAjv(spec, 'body');
  const parameterAjv = createAjv(spec, 'parameters');
  const responseAjv = createAjv(spec, 'response');
  const responseCache = new Map<string, ValidateFunction>();

  const request: SpecValidators['request'] = (operation, part, mediaType = 'application/json') => {
    if (part === 'body') {
      const body = operation.requestBody;
      const root = body?.content[mediaType] ?? {};
      const validate = bodyAjv.compile(toSharedRefs(root));
      return (data) => {
        if (data === null || data === undefined) {
          return body?.required ? [{ field: 'body', code: 'required', message: 'A request body is required' }] : [];
        }
        return validate(data) ? [] : toFieldErrors(spec, root, validate.errors ?? [], 'body');
      };
    }
    const root = parametersSchema(operation, part === 'params' ? 'path' : 'query');
    const validate = parameterAjv.compile(toSharedRefs(root));
    return (data) => (validate(data ?? {}) ? [] : toFieldErrors(spec, root, validate.errors ?? [], part));
  };

  const response: SpecValidators['response'] = (operation, status, body, mediaType = 'application/json') => {
    const declared = operation.responses[String(status)] ?? operation.responses[`${String(status)[0]}XX`] ?? operation.responses.default;
    if (!declared) return [`${operation.operationId} declares no response ${status}`];
    const contentTypes = Object.keys(declared.content);
    if (contentTypes.length === 0) {
      return body === undefined || body === '' ? [] : [`${operation.operationId} ${status} declares no body, got one`];
    }
    const key = `${operation.operationId} ${status} ${mediaType}`;
    let validate = responseCache.get(key);
    if (!validate) {
      const schema = declared.content[mediaType];
      if (!schema) return [`${operation.operationId} ${status} declares ${contentTypes.join(', ')}, not ${mediaType}`];
      validate = responseAjv.compile(toSharedRefs(schema));
      responseCache.set(key, validate);
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).map((error) => `${error.instancePath || '(root)'} ${error.message ?? ''} ${JSON.stringify(error.params)}`);
  };

  return { spec, request, response };
}
