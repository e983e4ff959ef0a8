// Reads openapi/portal.yaml, the contract, into the operation list the server registers routes
// from. Our own small loader rather than a plugin: it needs only local `$ref`s, path-level
// parameters and the `x-permission` / `x-role-group` extensions, and it keeps the schemas in
// their OpenAPI 3.1 (JSON Schema 2020-12) form for Ajv2020.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { OperationId } from './handler.ts';

export type JsonSchema = Record<string, unknown>;

export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, JsonSchema> } & Record<string, Record<string, unknown>>;
};

export type ParameterSpec = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required: boolean; description?: string; schema: JsonSchema };

export type OperationSpec = {
  operationId: OperationId;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI path, e.g. `/users/{userId}`. */
  path: string;
  /** The same path in Fastify syntax, e.g. `/users/:userId`. */
  routePath: string;
  tags: string[];
  summary: string;
  description: string | undefined;
  /** `public`, `authenticated` or a permission string of spec section 6. */
  permission: string;
  roleGroup: string | undefined;
  parameters: ParameterSpec[];
  requestBody: { required: boolean; content: Record<string, JsonSchema> } | undefined;
  /** `x-body-limit`: the largest body in bytes, when the operation takes more than the server's default. */
  bodyLimit: number | undefined;
  /** Status code → media type → schema (absent for bodiless responses such as 204). */
  responses: Record<string, { description: string; content: Record<string, JsonSchema> }>;
};

/** Where the bundled contract is; a function, so that importing this module reads no file location (the portal's jsdom tests import it). */
const specPath = () => fileURLToPath(new URL('../../../../../openapi/portal.yaml', import.meta.url));
export const apiPrefix = '/api/v1';

const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;

let cached: OpenApiDocument | undefined;

/** The contract, read once; `text` gives its YAML when the caller read the file itself. */
export function loadSpec(text?: string): OpenApiDocument {
  cached ??= parse(text ?? readFileSync(specPath(), 'utf8')) as OpenApiDocument;
  return cached;
}

/** Resolves a local reference such as `#/components/parameters/Q`. */
export function resolvePointer(spec: OpenApiDocument, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`Only local $refs are supported: ${ref}`);
  let node: unknown = spec;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) throw new Error(`Unresolved $ref ${ref}`);
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Follows `$ref` until a node without one (parameters, responses and request bodies may be refs). */
function deref<T>(spec: OpenApiDocument, node: unknown): T {
  let current = node;
  for (let depth = 0; current && typeof current === 'object' && '$ref' in current; depth++) {
    if (depth > 20) throw new Error('Circular $ref');
    current = resolvePointer(spec, (current as { $ref: string }).$ref);
  }
  return current as T;
}

function contentSchemas(spec: OpenApiDocument, content: unknown): Record<string, JsonSchema> {
  const result: Record<string, JsonSchema> = {};
  for (const [mediaType, media] of Object.entries((content ?? {}) as Record<string, { schema?: JsonSchema }>)) {
    result[mediaType] = deref<{ schema?: JsonSchema }>(spec, media).schema ?? {};
  }
  return result;
}

export function listOperations(spec: OpenApiDocument = loadSpec()): OperationSpec[] {
  const operations: OperationSpec[] = [];
  for (const [path, item] of Object.entries(spec.paths)) {
    const shared = ((item.parameters ?? []) as unknown[]).map((p) => deref<ParameterSpec>(spec, p));
    for (const method of methods) {
      const op = item[method] as Record<string, unknown> | undefined;
      if (!op) continue;
      const own = ((op.parameters ?? []) as unknown[]).map((p) => deref<ParameterSpec>(spec, p));
      // An operation's parameter overrides a path-level one of the same name and location.
      const parameters = [...shared.filter((s) => !own.some((o) => o.name === s.name && o.in === s.in)), ...own].map((p) => ({
        ...p,
        required: p.in === 'path' ? true : Boolean(p.required),
      }));
      const body = op.requestBody ? deref<{ required?: boolean; content: unknown }>(spec, op.requestBody) : undefined;
      const responses: OperationSpec['responses'] = {};
      for (const [status, response] of Object.entries((op.responses ?? {}) as Record<string, unknown>)) {
        const resolved = deref<{ description?: string; content?: unknown }>(spec, response);
        responses[status] = { description: resolved.description ?? '', content: contentSchemas(spec, resolved.content) };
      }
      const permission = op['x-permission'];
      if (typeof permission !== 'string') throw new Error(`${String(op.operationId)} has no x-permission`);
      operations.push({
        operationId: op.operationId as OperationId,
        method: method.toUpperCase() as OperationSpec['method'],
        path,
        routePath: path.replace(/\{([^}]+)\}/g, ':$1'),
        tags: (op.tags as string[] | undefined) ?? [],
        summary: (op.summary as string | undefined) ?? '',
        description: op.description as string | undefined,
        permission,
        roleGroup: op['x-role-group'] as string | undefined,
        parameters,
        requestBody: body ? { required: Boolean(body.required), content: contentSchemas(spec, body.content) } : undefined,
        bodyLimit: typeof op['x-body-limit'] === 'number' ? op['x-body-limit'] : undefined,
        responses,
      });
    }
  }
  return operations;
}

export const isJsonMediaType = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json');
