// Vitest setup shared by the front-end packages (tooling/vite/preset.ts): every answer a fake gives
// through the API client is checked against openapi/portal.yaml with the contract's response
// validators (@portal/contract/validate, the ones the server's tests use), so a fake cannot drift
// into a shape the server never sends. A test whose fake answered off-contract fails after it
// runs, naming the operation, the status and what differs.
// Test infrastructure only: it reads the client's hook by path, which the product packages may
// not import from each other. @portal/contract resolves through the workspace root's
// devDependencies (tooling cannot depend on it: the contract builds with tooling's configuration).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { createSpecValidators, listOperations, type OpenApiDocument, type OperationSpec } from '@portal/contract/validate';
import { setResponseCheck } from '../../packages/api-client/src/client.ts';

/**
 * The contract as the contract package generates it (src/generated/portal.json), found from the
 * package under test (jsdom gives modules no file URL). JSON: every test file reads it, and parsing
 * openapi/portal.yaml took over a second each time.
 */
function contract(): OpenApiDocument {
  for (let dir = process.cwd(); dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'packages', 'contract', 'src', 'generated', 'portal.json');
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument;
  }
  throw new Error(`packages/contract/src/generated/portal.json not found above ${process.cwd()}`);
}

const spec = contract();
const validators = createSpecValidators(spec);
const operations = new Map<string, OperationSpec>(listOperations(spec).map((operation) => [`${operation.method} ${operation.path}`, operation]));

let drift: string[] = [];

setResponseCheck(({ method, schemaPath, status, contentType, body }) => {
  const operation = operations.get(`${method} ${schemaPath}`);
  if (!operation) return void drift.push(`${method} ${schemaPath}: no such operation in the contract`);
  const problems = validators.response(operation, status, body, contentType || 'application/json');
  if (problems.length > 0) drift.push(`${operation.operationId} answered ${status} off the contract: ${problems.slice(0, 3).join('; ')}`);
});

beforeEach(() => {
  drift = [];
});

afterEach(() => {
  if (drift.length === 0) return;
  const found = [...new Set(drift)];
  drift = [];
  throw new Error(`A fake answered what the server never would (fix the fake, or the contract):\n  ${found.join('\n  ')}`);
});
