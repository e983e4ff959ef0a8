// Reads the contract (an OpenAPI 3.1 document such as openapi/portal.yaml) into its operations:
// a small loader rather than a full OpenAPI library, since it needs only local `$ref`s,
// path-level parameters and the `x-permission` / `x-role-group` / `x-body-limit` extensions, and
// it keeps the schemas in their OpenAPI 3.1 (JSON Schema 2020-12) form for Ajv2020.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { OperationId } from '../generated/operation-routes.gen.ts';

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
  /** The same path with `:name` parameters (Fastify, Express), e.g. `/users/:userId`. */
  routePath: string;
  tags: string[];
  summary: string;
  description: string | undefined;
  /** `x-permission`: `public`, `authenticated` or a permission string. */
  permission: string;
  /** `x-role-group`, when the operation declares one. */
  roleGroup: string | undefined;
  /** `x-oauth-scopes`: an OAuth access token needs one of these to call the operation (none: refused). */
  oauthScopes: readonly string[];
  /** Path-level and the operation's own parameters, `$ref`s resolved; path parameters are always required. */
  parameters: ParameterSpec[];
  requestBody: { required: boolean; content: Record<string, JsonSchema> } | undefined;
  /** `x-body-limit`: the largest body in bytes, when the operation declares one. */
  bodyLimit: number | undefined;
  /** Status code → media type → schema (absent for bodiless responses such as 204). */
  responses: Record<string, { description: string; content: Record<string, JsonSchema> }>;
};

/**
 * Where this package's own copy of the contract is (src/generated/portal.json, written by
 * `generate` from openapi/portal.yaml and shipped in the package): the same path from src/ and
 * dist/, which sit at the same depth. A function, so that importing this module reads no file
 * location.
 */
export const shippedSpecPath = (): string => join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src', 'generated', 'portal.json');

let shipped: OpenApiDocument | undefined;

/**
 * The contract: parsed from `text` (YAML or JSON) when given, else the copy shipped with this
 * package, the one its types were generated from (read once; JSON, which parses in milliseconds).
 */
export function loadSpec(text?: string): OpenApiDocument {
  if (text !== undefined) return parse(text) as OpenApiDocument;
  shipped ??= JSON.parse(readFileSync(shippedSpecPath(), 'utf8')) as OpenApiDocument;
  return shipped;
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

const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation of the contract, in its order; throws for an operation without `x-permission`. */
export function listOperations(spec: OpenApiDocument): OperationSpec[] {
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
        oauthScopes: Array.isArray(op['x-oauth-scopes']) ? (op['x-oauth-scopes'] as string[]) : [],
        parameters,
        requestBody: body ? { required: Boolean(body.required), content: contentSchemas(spec, body.content) } : undefined,
        bodyLimit: typeof op['x-body-limit'] === 'number' ? op['x-body-limit'] : undefined,
        responses,
      });
    }
  }
  return operations;
}
