// `generate` (after openapi-typescript): writes src/generated/operation-routes.gen.ts, the
// contract's operations as a table operationId → { method, path template }, for code that must
// find an operation from a request (the front end's API fakes) without parsing the contract.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const source = fileURLToPath(new URL('../../../openapi/portal.yaml', import.meta.url));
const target = fileURLToPath(new URL('../src/generated/operation-routes.gen.ts', import.meta.url));
const methods = ['get', 'put', 'post', 'patch', 'delete'];

/** A string as a single-quoted TypeScript literal. */
const quote = (text) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

const spec = parse(readFileSync(source, 'utf8'));
const rows = [];
for (const [path, item] of Object.entries(spec.paths ?? {})) {
  for (const method of methods) {
    const operationId = item?.[method]?.operationId;
    if (!operationId) continue;
    rows.push(`  ${quote(operationId)}: { method: '${method.toUpperCase()}', path: ${quote(path)} },`);
  }
}

writeFileSync(
  target,
  [
    '// Generated from openapi/portal.yaml by scripts/operation-routes.mjs (`pnpm generate`): do not edit.',
    "import type { operations } from './schema.gen.ts';",
    '',
    '/** An operation of the contract, by its `operationId`. */',
    'export type OperationId = keyof operations;',
    '',
    "export type OperationRoute = { method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE'; path: string };",
    '',
    '/** Each operation\'s method and path template (`/users/{id}`, under the server url `/api/v1`), in the contract\'s order. */',
    'export const operationRoutes = {',
    ...rows,
    '} as const satisfies Record<OperationId, OperationRoute>;',
    '',
  ].join('\n'),
);
